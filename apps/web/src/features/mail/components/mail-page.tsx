import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Drawer from '@mui/material/Drawer';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Mailbox } from '@beacon/contract';
import { EditIcon, MailIcon } from '../../../components/icons.tsx';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { useMemberMailboxesQuery } from '../../../lib/mailboxes-api.ts';
import { useMailLabelsQuery, useMailsInfiniteQuery } from '../api/mail-api.ts';
import { useComposeBridge } from '../compose-bridge.ts';
import { mailErrorText } from '../utils/errors.ts';
import { listArg, readView, writeView, type MailView } from '../utils/mail-url.ts';
import { MailList } from './mail-list.tsx';
import { MailNav } from './mail-nav.tsx';
import { MailReader } from './mail-reader.tsx';

export type MailPageProps = {
  /** `mailbox`: one mailbox at a time (/dashboard/mail); `all`: every one together (/mail/all). */
  scope: 'mailbox' | 'all';
  canEdit: boolean;
  /** The signed-in member: their own mailbox comes first. */
  userId: string;
};

const mailboxText = (m: Mailbox) => (m.displayName ? `${m.displayName} <${m.address}>` : m.address);

/**
 * The mail app (issue 12; docs/decisions/059-mail-app.md): the labels beside the list, the list
 * with search and filters, the open mail's thread beside it (on a phone the list or the mail,
 * with a back button). The address holds the label, the filters and the open mail.
 */
export function MailPage({ scope, canEdit, userId }: MailPageProps) {
  const { t } = useTranslation('mail');
  const theme = useTheme();
  const narrowNav = useMediaQuery(theme.breakpoints.down('lg'));
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const [navOpen, setNavOpen] = useState(false);
  const compose = useComposeBridge();

  const mailboxes = useMemberMailboxesQuery();
  const boxes = useMemo(() => mailboxes.data ?? [], [mailboxes.data]);
  const mailbox =
    scope === 'all'
      ? null
      : (boxes.find((m) => m.id === view.mailbox) ??
        boxes.find((m) => m.ownerId === userId) ??
        boxes[0] ??
        null);
  const mailboxId = mailbox?.id;
  const ready = mailboxes.isSuccess && (scope === 'all' || mailbox !== null);

  const labels = useMailLabelsQuery(mailboxId ? { mailboxId } : {}, { skip: !ready });
  const list = useMailsInfiniteQuery(listArg(view, mailboxId), { skip: !ready });
  const mails = useMemo(() => list.data?.pages.flatMap((page) => page.mails) ?? [], [list.data]);

  const onView = useCallback(
    (patch: Partial<MailView>) => {
      const next = { ...readView(params), ...patch };
      // Opening a mail is a step back can return from; typing and filtering replace the entry.
      const push = 'mail' in patch || 'label' in patch || 'mailbox' in patch;
      setParams(writeView(next), { replace: !push });
    },
    [params, setParams],
  );
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const labelName = (id: string) => {
    const custom = labels.data?.find((l) => l.id === id && l.type === 'custom');
    if (custom) return custom.name;
    return t(`labels.${id}`, { defaultValue: id });
  };
  const title = scope === 'all' ? t('page.allTitle') : t('page.title');

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {scope === 'all' ? t('page.allSubtitle') : t('page.subtitle')}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <LiveStatus />
        {scope === 'mailbox' && boxes.length > 1 && mailbox && (
          <TextField
            select
            size="small"
            label={t('page.mailbox')}
            value={mailbox.id}
            onChange={(event) =>
              onView({ mailbox: event.target.value, mail: null, label: 'inbox' })
            }
            sx={{ minWidth: 220, maxWidth: 320 }}
          >
            {boxes.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {mailboxText(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {boxes.length > 1 && (
          <Button
            component={RouterLink}
            to={scope === 'all' ? paths.dashboard.mail : paths.dashboard.mailAll}
            variant="outlined"
            color="inherit"
          >
            {scope === 'all' ? t('page.oneMailbox') : t('page.allMailboxes')}
          </Button>
        )}
        {canEdit && compose && boxes.length > 0 && (
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            onClick={() => compose.openCompose(mailboxId ? { mailboxId } : {})}
          >
            {t('page.compose')}
          </Button>
        )}
      </Stack>
    </Box>
  );

  if (mailboxes.error) {
    return (
      <Stack spacing={3}>
        <PageTitle title={title} />
        {header}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mailboxes.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('page.failed')} {mailErrorText(t, mailboxes.error)}
        </Alert>
      </Stack>
    );
  }
  if (mailboxes.isLoading) {
    return (
      <Stack spacing={3} role="status" aria-label={t('page.loading')}>
        <PageTitle title={title} />
        <Skeleton width={200} height={48} />
        <Skeleton variant="rounded" height={480} />
      </Stack>
    );
  }
  if (boxes.length === 0) {
    return (
      <Stack spacing={3}>
        <PageTitle title={title} />
        {header}
        <Card sx={{ p: 5, textAlign: 'center' }}>
          <MailIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
            {t('page.noMailbox')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('page.noMailboxHint')}
          </Typography>
        </Card>
      </Stack>
    );
  }

  const nav = (
    <MailNav
      labels={labels.data}
      loading={labels.isLoading}
      error={labels.error ? mailErrorText(t, labels.error) : null}
      onRetry={() => void labels.refetch()}
      current={view.label}
      onSelect={(label) => {
        onView({ label, mail: null });
        setNavOpen(false);
      }}
      canEdit={canEdit}
      mailboxes={mailbox ? [mailbox] : boxes}
      showMailbox={scope === 'all' && boxes.length > 1}
    />
  );
  const showList = !phone || !view.mail;
  const showReader = !phone || Boolean(view.mail);

  return (
    <Stack spacing={3} sx={{ flex: 1 }}>
      <PageTitle title={view.label === 'inbox' ? title : `${labelName(view.label)} · ${title}`} />
      {header}
      <Card
        sx={{
          display: 'flex',
          height: { md: 'calc(100vh - 230px)' },
          minHeight: { xs: 480, md: 560 },
          overflow: 'hidden',
        }}
      >
        {narrowNav ? (
          <Drawer
            open={navOpen}
            onClose={() => setNavOpen(false)}
            slotProps={{ paper: { sx: { width: 280 } } }}
          >
            {nav}
          </Drawer>
        ) : (
          <Box
            sx={{
              width: 232,
              flexShrink: 0,
              borderInlineEnd: `1px solid ${theme.palette.divider}`,
              borderColor: 'divider',
              overflowY: 'auto',
            }}
          >
            {nav}
          </Box>
        )}
        {showList && (
          <Box
            component="section"
            aria-label={t('list.region')}
            sx={{
              width: { xs: '100%', md: 360, xl: 420 },
              flexShrink: 0,
              borderInlineEnd: { md: `1px solid ${theme.palette.divider}` },
              borderColor: 'divider',
              minHeight: 0,
            }}
          >
            <MailList
              view={view}
              onView={onView}
              mails={mails}
              labels={labels.data ?? []}
              loading={
                list.isLoading ||
                (list.isFetching && !list.isFetchingNextPage && mails.length === 0)
              }
              error={list.error}
              onRetry={() => void list.refetch()}
              hasMore={Boolean(list.hasNextPage)}
              loadingMore={list.isFetchingNextPage}
              onLoadMore={loadMore}
              canEdit={canEdit}
              heading={labelName(view.label)}
              {...(narrowNav ? { onOpenNav: () => setNavOpen(true) } : {})}
            />
          </Box>
        )}
        {showReader && (
          <Box
            component="section"
            aria-label={t('reader.region')}
            sx={{ flex: 1, minWidth: 0, minHeight: 0 }}
          >
            {view.mail ? (
              <MailReader
                key={view.mail}
                mailId={view.mail}
                labels={labels.data ?? []}
                canEdit={canEdit}
                onGone={() => onView({ mail: null })}
                {...(phone ? { onBack: () => onView({ mail: null }) } : {})}
              />
            ) : (
              <Box
                sx={{
                  height: '100%',
                  display: 'grid',
                  placeItems: 'center',
                  p: 4,
                  textAlign: 'center',
                }}
              >
                <Box>
                  <MailIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography sx={{ color: 'text.secondary', mt: 1 }}>
                    {t('reader.none')}
                  </Typography>
                </Box>
              </Box>
            )}
          </Box>
        )}
      </Card>
    </Stack>
  );
}
