import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { MailLabel, MailSummary } from '@beacon/contract';
import { FilterIcon, MenuIcon, PaperclipIcon, SearchIcon } from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { useMailStarMutation } from '../api/mail-api.ts';
import { useComposeBridge } from '../compose-bridge.ts';
import { mailErrorText } from '../utils/errors.ts';
import { addressName, formatListDate } from '../utils/format.ts';
import { labelColor } from '../utils/label-colors.ts';
import { activeFilters, type MailView } from '../utils/mail-url.ts';
import { MailActions } from './mail-actions.tsx';
import { StarIcon, WarningIcon } from './mail-icons.tsx';

export type MailListProps = {
  view: MailView;
  onView: (patch: Partial<MailView>) => void;
  mails: MailSummary[];
  labels: MailLabel[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  canEdit: boolean;
  /** The labels drawer's button (narrow screens). */
  onOpenNav?: () => void;
  heading: string;
};

/** The list: search, filters, bulk selection and its actions, the rows, more on scroll. */
export function MailList({
  view,
  onView,
  mails,
  labels,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  canEdit,
  onOpenNav,
  heading,
}: MailListProps) {
  const { t, i18n } = useTranslation('mail');
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const [search, setSearch] = useState(view.q);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filtersAnchor, setFiltersAnchor] = useState<HTMLElement | null>(null);
  const [star] = useMailStarMutation();
  const compose = useComposeBridge();
  const sentinel = useRef<HTMLDivElement>(null);

  // The address changed (back, a label): the field follows it.
  useEffect(() => setSearch(view.q), [view.q]);
  // Another label or filter: a selection of mails no longer shown means nothing.
  useEffect(() => setSelected(new Set()), [view.label, view.mailbox, view.q]);
  // A typed search reaches the address (and the list) after a pause.
  // (The latest `onView` when the pause ends: a label chosen meanwhile is kept, as the router
  // commits its navigations in a transition that a keystroke's render may come before.)
  const onViewRef = useRef(onView);
  onViewRef.current = onView;
  // The words last handed to the address (typed, or taken along when a mail is opened), known at
  // once rather than when the router commits.
  const sent = useRef(view.q);
  useEffect(() => {
    sent.current = view.q;
  }, [view.q]);
  useEffect(() => {
    if (search === view.q) return;
    const timer = setTimeout(() => {
      if (sent.current === search) return;
      sent.current = search;
      onViewRef.current({ q: search, mail: null });
    }, 350);
    return () => clearTimeout(timer);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  // More on scroll: the last row coming into view asks for the next page.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingMore) onLoadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  const shown = mails.filter((m) => selected.has(m.id));
  const allSelected = mails.length > 0 && shown.length === mails.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filters = activeFilters(view);
  // Names, subjects and snippets take their own direction (`dir="auto"`) but line up with the page.
  const side = theme.direction === 'rtl' ? 'right' : 'left';
  const customById = new Map(labels.filter((l) => l.type === 'custom').map((l) => [l.id, l]));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box
        sx={{
          p: 1.5,
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {onOpenNav && (
          <IconButton aria-label={t('nav.open')} onClick={onOpenNav}>
            <MenuIcon fontSize="small" />
          </IconButton>
        )}
        <TextField
          size="small"
          fullWidth
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              sent.current = search;
              onView({ q: search, mail: null });
            }
          }}
          placeholder={t('list.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('list.searchLabel'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={t('filters.title')}>
          <IconButton
            aria-label={filters ? t('filters.titleCount', { count: filters }) : t('filters.title')}
            onClick={(event) => setFiltersAnchor(event.currentTarget)}
          >
            <Badge color="primary" badgeContent={filters} invisible={filters === 0}>
              <FilterIcon fontSize="small" />
            </Badge>
          </IconButton>
        </Tooltip>
      </Box>

      <Box
        sx={{
          px: 1.5,
          minHeight: 48,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {canEdit && (
          <Checkbox
            size="small"
            checked={allSelected}
            indeterminate={shown.length > 0 && !allSelected}
            disabled={mails.length === 0}
            onChange={() => setSelected(allSelected ? new Set() : new Set(mails.map((m) => m.id)))}
            slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
          />
        )}
        {shown.length > 0 ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {t('list.selected', { count: shown.length })}
            </Typography>
            <MailActions
              mails={shown}
              labels={labels}
              label={t('list.bulkActions')}
              onGone={() => setSelected(new Set())}
            />
          </>
        ) : (
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {heading}
          </Typography>
        )}
      </Box>

      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {error ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('retry')}
              </Button>
            }
          >
            {t('list.failed')} {mailErrorText(t, error)}
          </Alert>
        ) : loading ? (
          <Stack spacing={1.5} sx={{ p: 2 }} role="status" aria-label={t('list.loading')}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Box key={i}>
                <Skeleton width="40%" />
                <Skeleton width="85%" />
              </Box>
            ))}
          </Stack>
        ) : mails.length === 0 ? (
          <Box sx={{ p: 4, textAlign: 'center' }} role="status">
            <Typography sx={{ fontWeight: 600 }}>
              {view.q || filters ? t('list.noMatch') : t('list.empty')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {view.q || filters ? t('list.noMatchHint') : t('list.emptyHint')}
            </Typography>
            {(view.q || filters > 0) && (
              <Button
                sx={{ mt: 1.5 }}
                onClick={() =>
                  onView({
                    q: '',
                    unread: false,
                    starred: false,
                    attachments: false,
                    from: '',
                    after: '',
                    before: '',
                  })
                }
              >
                {t('filters.clear')}
              </Button>
            )}
          </Box>
        ) : (
          <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {mails.map((mail) => {
              const open = view.mail === mail.id;
              const who =
                mail.direction === 'out'
                  ? t('list.to', { names: mail.to.map(addressName).join(', ') || '—' })
                  : addressName(mail.from);
              const customs = mail.labels
                .map((id) => customById.get(id))
                .filter((l): l is MailLabel => Boolean(l));
              return (
                <Box
                  component="li"
                  key={mail.id}
                  data-testid="mail-row"
                  sx={{
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: 0.5,
                    px: 1,
                    py: 0.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                    // One background for every row (a tint would lower the contrast of the grey
                    // date and snippet): unread mail is bold, the open one has an accent.
                    bgcolor: 'background.paper',
                    // The open mail: an accent along its start edge (a tint would lower the
                    // contrast of its grey text).
                    borderInlineStart: `3px solid ${open ? theme.palette.primary.main : 'transparent'}`,
                  }}
                >
                  {canEdit && (
                    <Box
                      sx={{
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        pt: 0.5,
                      }}
                    >
                      <Checkbox
                        size="small"
                        checked={selected.has(mail.id)}
                        onChange={() => toggle(mail.id)}
                        slotProps={{
                          input: {
                            'aria-label': t('list.select', {
                              subject: mail.subject || t('noSubject'),
                            }),
                          },
                        }}
                      />
                      <IconButton
                        size="small"
                        aria-label={mail.isStarred ? t('actions.unstar') : t('actions.star')}
                        aria-pressed={mail.isStarred}
                        onClick={() =>
                          star({ mailIds: [mail.id], value: !mail.isStarred })
                            .unwrap()
                            .catch((failure: unknown) =>
                              enqueueSnackbar(mailErrorText(t, failure), { variant: 'error' }),
                            )
                        }
                      >
                        <StarIcon
                          fontSize="small"
                          sx={
                            mail.isStarred
                              ? { color: 'warning.main', fill: theme.palette.warning.main }
                              : { color: 'text.disabled' }
                          }
                        />
                      </IconButton>
                    </Box>
                  )}
                  <Box
                    component="button"
                    type="button"
                    onClick={() => {
                      // A draft opens where it is written (record 064), a reply's as that reply.
                      if (mail.status === 'draft' && canEdit && compose) {
                        compose.openCompose({ draftId: mail.id });
                        return;
                      }
                      sent.current = search;
                      onView({ mail: mail.id, ...(search !== view.q ? { q: search } : {}) });
                    }}
                    aria-current={open ? 'true' : undefined}
                    sx={{
                      flex: 1,
                      minWidth: 0,
                      textAlign: 'start',
                      border: 0,
                      bgcolor: 'transparent',
                      color: 'text.primary',
                      font: 'inherit',
                      cursor: 'pointer',
                      p: 1,
                      borderRadius: 1,
                      '&:hover': { boxShadow: `inset 0 0 0 1px ${theme.palette.divider}` },
                      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
                    }}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                      {mail.isUnread && (
                        <Box component="span" sx={visuallyHidden}>
                          {t('list.unread')}
                        </Box>
                      )}
                      <Typography
                        component="span"
                        variant="body2"
                        dir="auto"
                        noWrap
                        sx={{
                          flex: 1,
                          minWidth: 0,
                          fontWeight: mail.isUnread ? 700 : 500,
                          textAlign: side,
                        }}
                      >
                        {who}
                        {mail.threadCount > 1 && (
                          <Box
                            component="span"
                            sx={{
                              color: 'text.secondary',
                              fontWeight: 400,
                              marginInlineStart: 0.5,
                            }}
                          >
                            {' '}
                            {mail.threadCount}
                          </Box>
                        )}
                      </Typography>
                      {mail.hasAttachments && (
                        <PaperclipIcon
                          fontSize="inherit"
                          titleAccess={t('list.hasAttachments')}
                          sx={{ color: 'text.secondary', alignSelf: 'center' }}
                        />
                      )}
                      <Typography
                        component="time"
                        dateTime={mail.date}
                        variant="caption"
                        sx={{
                          color: mail.isUnread ? 'text.primary' : 'text.secondary',
                          fontWeight: mail.isUnread ? 700 : 400,
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {formatListDate(mail.date, i18n.language)}
                      </Typography>
                    </Box>
                    <Typography
                      variant="body2"
                      dir="auto"
                      noWrap
                      sx={{ fontWeight: mail.isUnread ? 700 : 400, textAlign: side }}
                    >
                      {mail.spoofed && (
                        <WarningIcon
                          fontSize="inherit"
                          titleAccess={t('reader.spoofedShort')}
                          sx={{
                            color: 'warning.main',
                            verticalAlign: 'middle',
                            marginInlineEnd: 0.5,
                          }}
                        />
                      )}
                      {mail.subject || t('noSubject')}
                    </Typography>
                    <Typography
                      variant="caption"
                      component="p"
                      dir="auto"
                      noWrap
                      sx={{ color: 'text.secondary', textAlign: side }}
                    >
                      {mail.status === 'draft'
                        ? t('status.draft')
                        : mail.status === 'scheduled' && mail.sendAt
                          ? t('status.scheduledFor', {
                              when: formatListDate(mail.sendAt, i18n.language),
                            })
                          : mail.status === 'bounced' || mail.status === 'failed'
                            ? t(`status.${mail.status}`)
                            : mail.snippet}
                    </Typography>
                    {customs.length > 0 && (
                      <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                        {customs.map((l) => (
                          <Box
                            key={l.id}
                            component="span"
                            sx={{
                              typography: 'caption',
                              px: 0.75,
                              borderRadius: 0.75,
                              border: 1,
                              borderColor: labelColor(theme, l.color),
                              color: 'text.primary',
                              lineHeight: 1.6,
                            }}
                          >
                            {l.name}
                          </Box>
                        ))}
                      </Box>
                    )}
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
        {hasMore && !error && !loading && (
          <Box ref={sentinel} sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={onLoadMore} loading={loadingMore}>
              {t('list.more')}
            </Button>
          </Box>
        )}
      </Box>

      <Popover
        open={Boolean(filtersAnchor)}
        anchorEl={filtersAnchor}
        onClose={() => setFiltersAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <FiltersForm
          view={view}
          onApply={(patch) => {
            onView({ ...patch, mail: null });
            setFiltersAnchor(null);
          }}
        />
      </Popover>
    </Box>
  );
}

function FiltersForm({
  view,
  onApply,
}: {
  view: MailView;
  onApply: (patch: Partial<MailView>) => void;
}) {
  const { t } = useTranslation('mail');
  const [draft, setDraft] = useState({
    unread: view.unread,
    starred: view.starred,
    attachments: view.attachments,
    from: view.from,
    after: view.after,
    before: view.before,
  });
  const check = (key: 'unread' | 'starred' | 'attachments') => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={draft[key]}
          onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
        />
      }
      label={t(`filters.${key}`)}
    />
  );
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('filters.title')}
      sx={{ p: 2, width: 300, display: 'flex', flexDirection: 'column', gap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Typography variant="subtitle2" component="h2">
        {t('filters.title')}
      </Typography>
      {check('unread')}
      {check('starred')}
      {check('attachments')}
      <TextField
        size="small"
        label={t('filters.from')}
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          type="date"
          label={t('filters.after')}
          value={draft.after}
          onChange={(event) => setDraft({ ...draft, after: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('filters.before')}
          value={draft.before}
          onChange={(event) => setDraft({ ...draft, before: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button
          color="inherit"
          onClick={() =>
            onApply({
              unread: false,
              starred: false,
              attachments: false,
              from: '',
              after: '',
              before: '',
            })
          }
        >
          {t('filters.clear')}
        </Button>
        <Button type="submit" variant="contained">
          {t('filters.apply')}
        </Button>
      </Stack>
    </Box>
  );
}
