import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  conversationCategories,
  personStages,
  type Conversation,
  type ConversationCategory,
} from '@beacon/contract';
import { ArrowBackIcon, CheckIcon, MailIcon } from '../../../components/icons.tsx';
import { ChatIcon, TasksIcon } from '../../../components/shell-icons.tsx';
import { LiveStatus } from '../../../components/live-status.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useConversationCountsQuery,
  useConversationPersonQuery,
  useConversationsInfiniteQuery,
  usePatchConversationMutation,
  useSetConversationPersonStageMutation,
} from '../api/emails-api.ts';
import { replySearch } from '../utils/compose.ts';
import { emailsErrorText } from '../utils/errors.ts';
import { formatDay, formatWhen, initialsOf } from '../utils/format.ts';
import { MessageView } from './message-view.tsx';
import { SoftChip } from './soft-chip.tsx';

/** Each category's colour (the theme's palette names). */
export const CATEGORY_COLORS: Record<
  ConversationCategory,
  'success' | 'warning' | 'info' | 'error' | 'secondary' | 'default'
> = {
  interested: 'success',
  not_now: 'warning',
  out_of_office: 'info',
  unsubscribe: 'error',
  bounce: 'secondary',
  other: 'default',
};

type Tab = 'all' | ConversationCategory;
const TABS: Tab[] = ['all', ...conversationCategories];

/** What the route's follow-up task dialog (the tasks area's, composed by the route) is given. */
export interface FollowUpTaskProps {
  personId: string;
  personName: string;
  onClose: () => void;
}

export interface ConversationsPageProps {
  canEdit: boolean;
  /**
   * The follow-up task dialog, from the route (features do not import each other); without it
   * the reply offers no "Create task".
   */
  taskDialog?: (props: FollowUpTaskProps) => ReactNode;
}

/**
 * `/dashboard/conversations` (docs/decisions/061-conversations.md): one inbox of the replies from
 * people of the CRM to the mailboxes the member reads, in tabs by category with their counts; the
 * chosen reply beside the list with the person's facts, and the seller's actions above it.
 */
export function ConversationsPage({ canEdit, taskDialog }: ConversationsPageProps) {
  const { t } = useTranslation('emails');
  const [params, setParams] = useSearchParams();
  const members = useWorkspaceMembers();
  const tab = (TABS as string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'all';
  const status = params.get('status') === 'done' ? 'done' : 'open';
  const memberId = params.get('member') ?? undefined;
  const selectedId = params.get('c');
  const compact = useMediaQuery(useTheme().breakpoints.down('md'));

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    if (name !== 'c') next.delete('c');
    setParams(next, { replace: name !== 'c' });
  };

  const filters = { status, ...(memberId ? { memberId } : {}) } as const;
  const counts = useConversationCountsQuery(filters);
  const list = useConversationsInfiniteQuery({
    ...filters,
    ...(tab === 'all' ? {} : { category: tab }),
  });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const selected = items.find((c) => c.id === selectedId) ?? null;
  const showList = !compact || !selectedId;
  const showDetail = !compact || Boolean(selectedId);

  return (
    <Stack spacing={3}>
      <PageTitle title={t('conversations.title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('conversations.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('conversations.subtitle')}</Typography>
        </Box>
        <LiveStatus />
      </Box>

      <Card>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            px: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs
            value={tab}
            onChange={(_e, value: Tab) => setParam('tab', value === 'all' ? null : value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('conversations.tabsLabel')}
            sx={{
              flex: 1,
              minWidth: 0,
              '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
              '& .MuiTabs-indicator': { bgcolor: 'text.primary' },
            }}
          >
            {TABS.map((value) => {
              const n = counts.data
                ? value === 'all'
                  ? counts.data.total
                  : counts.data.counts[value]
                : null;
              return (
                <Tab
                  key={value}
                  value={value}
                  label={
                    n === null
                      ? t(`categories.${value}`)
                      : t('conversations.withCount', { label: t(`categories.${value}`), n })
                  }
                />
              );
            })}
          </Tabs>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_e, value: 'open' | 'done' | null) => {
              if (value) setParam('status', value === 'open' ? null : value);
            }}
            aria-label={t('conversations.statusLabel')}
          >
            <ToggleButton value="open">{t('conversations.open')}</ToggleButton>
            <ToggleButton value="done">{t('conversations.done')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('conversations.member')}
            value={memberId ?? ''}
            onChange={(e) => setParam('member', e.target.value || null)}
            sx={{ width: { xs: '100%', sm: 200 }, my: 1 }}
          >
            <MenuItem value="">{t('conversations.everyone')}</MenuItem>
            {members.members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {members.nameOf(member.id)}
              </MenuItem>
            ))}
          </TextField>
        </Box>

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 380px) minmax(0, 1fr)' },
            minHeight: 480,
          }}
        >
          {showList && (
            <Box
              component="section"
              aria-label={t('conversations.listLabel')}
              sx={{ borderInlineEnd: { md: 1 }, borderColor: { md: 'divider' }, minWidth: 0 }}
            >
              {list.error && !list.data ? (
                <Alert
                  severity="error"
                  sx={{ m: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                      {t('retry')}
                    </Button>
                  }
                >
                  {t('conversations.failed')} {emailsErrorText(t, list.error)}
                </Alert>
              ) : list.isLoading ? (
                <Stack
                  spacing={2}
                  sx={{ p: 2 }}
                  role="status"
                  aria-label={t('conversations.loading')}
                >
                  {[0, 1, 2, 3, 4].map((row) => (
                    <Stack key={row} direction="row" spacing={1.5}>
                      <Skeleton variant="circular" width={40} height={40} />
                      <Box sx={{ flex: 1 }}>
                        <Skeleton width="50%" />
                        <Skeleton width="90%" />
                      </Box>
                    </Stack>
                  ))}
                </Stack>
              ) : items.length === 0 ? (
                <Box sx={{ p: 4, textAlign: 'center' }}>
                  <ChatIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography variant="subtitle1" component="p" sx={{ mt: 1 }}>
                    {status === 'done' ? t('conversations.emptyDone') : t('conversations.empty')}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('conversations.emptyHint')}
                  </Typography>
                </Box>
              ) : (
                <>
                  <List disablePadding aria-label={t('conversations.listLabel')}>
                    {items.map((item) => (
                      <ListItem key={item.id} disablePadding>
                        <ConversationRow
                          item={item}
                          selected={item.id === selectedId}
                          onSelect={() => setParam('c', item.id)}
                        />
                      </ListItem>
                    ))}
                  </List>
                  <LoadMoreButton pages={list} />
                </>
              )}
            </Box>
          )}
          {showDetail && (
            <Box
              component="section"
              aria-label={t('conversations.detailLabel')}
              sx={{ minWidth: 0, p: { xs: 2, md: 3 } }}
            >
              {compact && (
                <Button
                  startIcon={
                    <ArrowBackIcon
                      sx={{
                        transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
                      }}
                    />
                  }
                  color="inherit"
                  onClick={() => setParam('c', null)}
                  sx={{ mb: 2 }}
                >
                  {t('conversations.back')}
                </Button>
              )}
              {selected ? (
                <ConversationDetail
                  key={selected.id}
                  conversation={selected}
                  canEdit={canEdit}
                  taskDialog={taskDialog}
                />
              ) : selectedId && list.isLoading ? null : (
                <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
                  <MailIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                  <Typography sx={{ mt: 1 }}>
                    {selectedId ? t('conversations.gone') : t('conversations.pick')}
                  </Typography>
                </Box>
              )}
            </Box>
          )}
        </Box>
      </Card>
    </Stack>
  );
}

function ConversationRow({
  item,
  selected,
  onSelect,
}: {
  item: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('emails');
  const name = item.personName || item.from.name || item.from.address;
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar sx={{ width: 40, height: 40, fontSize: 15 }}>{initialsOf(name)}</Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography
            variant="caption"
            component="time"
            dateTime={item.date}
            sx={{ color: 'text.secondary', flexShrink: 0 }}
          >
            {formatWhen(item.date, i18n.language)}
          </Typography>
        </Stack>
        <Typography variant="body2" noWrap>
          {item.subject || t('message.noSubject')}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {item.snippet}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}>
          <CategoryChip category={item.category} />
          {item.returnDate && (
            <Chip
              size="small"
              variant="outlined"
              label={t('conversations.backOn', { day: formatDay(item.returnDate, i18n.language) })}
            />
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
}

export function CategoryChip({ category }: { category: ConversationCategory }) {
  const { t } = useTranslation('emails');
  return <SoftChip color={CATEGORY_COLORS[category]} label={t(`categories.${category}`)} />;
}

function ConversationDetail({
  conversation,
  canEdit,
  taskDialog,
}: {
  conversation: Conversation;
  canEdit: boolean;
  taskDialog: ConversationsPageProps['taskDialog'];
}) {
  const { t, i18n } = useTranslation('emails');
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const [patch, patching] = usePatchConversationMutation();
  const [setStage, staging] = useSetConversationPersonStageMutation();
  const [taskOpen, setTaskOpen] = useState(false);
  const person = useConversationPersonQuery(conversation.personId);
  const facts = person.data?.person;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(emailsErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={3}>
      {canEdit && (
        <Stack
          direction="row"
          role="toolbar"
          aria-label={t('conversations.actions')}
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('conversations.sortInto')}
            value={conversation.category}
            disabled={patching.isLoading}
            onChange={(e) =>
              void run(
                () =>
                  patch({
                    id: conversation.id,
                    patch: { category: e.target.value as ConversationCategory },
                  }).unwrap(),
                t('conversations.resorted'),
              )
            }
            sx={{ minWidth: 170 }}
          >
            {conversationCategories.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`categories.${category}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<MailIcon />}
            component={RouterLink}
            to={{ search: replySearch(params, conversation.mailId) }}
          >
            {t('conversations.reply')}
          </Button>
          {taskDialog && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<TasksIcon />}
              onClick={() => setTaskOpen(true)}
            >
              {t('conversations.createTask')}
            </Button>
          )}
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('conversations.stage')}
            value={facts?.stage ?? ''}
            disabled={!facts || staging.isLoading}
            onChange={(e) =>
              void run(
                () =>
                  setStage({
                    id: conversation.personId,
                    stage: e.target.value as (typeof personStages)[number],
                  }).unwrap(),
                t('conversations.stageChanged'),
              )
            }
            sx={{ minWidth: 160 }}
          >
            {personStages.map((stage) => (
              <MenuItem key={stage} value={stage}>
                {t(`stages.${stage}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            color={conversation.status === 'done' ? 'inherit' : 'success'}
            startIcon={<CheckIcon />}
            disabled={patching.isLoading}
            onClick={() =>
              void run(
                () =>
                  patch({
                    id: conversation.id,
                    patch: { status: conversation.status === 'done' ? 'open' : 'done' },
                  }).unwrap(),
                conversation.status === 'done'
                  ? t('conversations.reopened')
                  : t('conversations.markedDone'),
              )
            }
          >
            {conversation.status === 'done'
              ? t('conversations.reopen')
              : t('conversations.markDone')}
          </Button>
        </Stack>
      )}

      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <CategoryChip category={conversation.category} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {conversation.sortedBy === 'member'
            ? t('conversations.sortedByMember')
            : t('conversations.sortedByRules', {
                rule: t(`rules.${conversation.rule}`, { defaultValue: conversation.rule }),
              })}
        </Typography>
        {conversation.returnDate && (
          <Chip
            size="small"
            variant="outlined"
            label={t('conversations.backOn', {
              day: formatDay(conversation.returnDate, i18n.language),
            })}
          />
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 260px' },
          alignItems: 'start',
        }}
      >
        <MessageView mailId={conversation.mailId} />
        <Card variant="outlined" component="aside" aria-label={t('person.label')} sx={{ p: 2 }}>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('person.label')}
          </Typography>
          {person.error ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {emailsErrorText(t, person.error)}
            </Typography>
          ) : !facts ? (
            <Stack spacing={1} role="status" aria-label={t('person.loading')}>
              <Skeleton width="70%" />
              <Skeleton width="90%" />
              <Skeleton width="50%" />
            </Stack>
          ) : (
            <Stack spacing={1}>
              <Link
                component={RouterLink}
                to={`${paths.dashboard.people}/${facts.id}`}
                variant="subtitle1"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {`${facts.firstName} ${facts.lastName}`.trim() || facts.email}
              </Link>
              {facts.jobTitle || facts.companyName ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[facts.jobTitle, facts.companyName].filter(Boolean).join(' · ')}
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {facts.email}
              </Typography>
              <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
                <Chip size="small" label={t(`stages.${facts.stage}`)} />
                {facts.emailStatus === 'bounced' && (
                  <SoftChip color="warning" label={t('person.bounced')} />
                )}
                <SoftChip
                  color={facts.consent.status === 'withdrawn' ? 'error' : 'default'}
                  label={t(`person.consent.${facts.consent.status}`)}
                />
              </Stack>
            </Stack>
          )}
        </Card>
      </Box>
      {taskOpen &&
        taskDialog?.({
          personId: conversation.personId,
          personName: conversation.personName || conversation.from.address,
          onClose: () => setTaskOpen(false),
        })}
    </Stack>
  );
}
