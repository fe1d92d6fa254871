import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  emailStatuses,
  filterListSchema,
  type EmailActivity,
  type EmailStatus,
  type FilterCondition,
  type SavedView,
} from '@beacon/contract';
import { CloseIcon, MailIcon, SearchIcon } from '../../../components/icons.tsx';
import { LiveStatus } from '../../../components/live-status.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { paths } from '../../../utils/paths.ts';
import { useEmailDetailQuery, useEmailsInfiniteQuery } from '../api/emails-api.ts';
import { emailsErrorText } from '../utils/errors.ts';
import { formatWhen } from '../utils/format.ts';
import { MessageView } from './message-view.tsx';
import { SoftChip } from './soft-chip.tsx';

/** What the route's saved views menu (crm's, composed by the route) is given. */
export type EmailsViewsMenuProps = {
  query: {
    q: string;
    filters: FilterCondition[];
    sort: string | null;
    columns: string[];
    viewId: string | null;
  };
  onApply: (view: SavedView) => void;
  onViewChanged: (view: SavedView | null) => void;
};

export interface EmailsPageProps {
  /** The saved views menu, from the route (features do not import each other). */
  viewsMenu?: (props: EmailsViewsMenuProps) => ReactNode;
}

const STATUS_COLORS: Record<
  EmailStatus,
  'default' | 'info' | 'success' | 'warning' | 'error' | 'primary'
> = {
  received: 'info',
  queued: 'default',
  scheduled: 'default',
  sending: 'default',
  sent: 'primary',
  replied: 'success',
  bounced: 'warning',
  failed: 'error',
};

/** The fields the bar sets; a view's other conditions are kept as they are. */
const BAR_FIELDS = ['direction', 'status', 'memberId'] as const;

function readFilters(raw: string | null): FilterCondition[] {
  if (!raw) return [];
  try {
    const parsed = filterListSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const valueOf = (filters: FilterCondition[], field: string): string =>
  (filters.find((c) => c.field === field && c.op === 'equals')?.value as string | undefined) ?? '';

/**
 * `/dashboard/emails` (docs/decisions/061-conversations.md): the workspace's e-mail activity with
 * people in the mailboxes the member reads, filtered (direction, status, member, search) and kept
 * in saved views; a row opens the message with its opens (estimates) and clicks.
 */
export function EmailsPage({ viewsMenu }: EmailsPageProps) {
  const { t, i18n } = useTranslation('emails');
  const [params, setParams] = useSearchParams();
  const members = useWorkspaceMembers();
  const filters = useMemo(() => readFilters(params.get('filters')), [params]);
  const q = params.get('q') ?? '';
  const sort = params.get('sort');
  const viewId = params.get('view');
  const openId = params.get('open');
  const compact = useMediaQuery(useTheme().breakpoints.down('md'));
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);

  const update = (next: {
    q?: string;
    filters?: FilterCondition[];
    sort?: string | null;
    view?: string | null;
    open?: string | null;
  }) => {
    const out = new URLSearchParams(params);
    const put = (key: string, value: string | null | undefined) => {
      if (value) out.set(key, value);
      else out.delete(key);
    };
    if (next.q !== undefined) put('q', next.q);
    if (next.filters !== undefined)
      put('filters', next.filters.length ? JSON.stringify(next.filters) : null);
    if (next.sort !== undefined) put('sort', next.sort);
    if (next.view !== undefined) put('view', next.view);
    if (next.open !== undefined) put('open', next.open);
    setParams(out, { replace: next.open === undefined });
  };
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => update({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, q]);

  const setBarFilter = (field: (typeof BAR_FIELDS)[number], value: string) => {
    const rest = filters.filter((c) => c.field !== field);
    update({ filters: value ? [...rest, { field, op: 'equals', value }] : rest });
  };

  const list = useEmailsInfiniteQuery({
    ...(q ? { q } : {}),
    ...(filters.length ? { filters: JSON.stringify(filters) } : {}),
    ...(sort ? { sort } : {}),
    limit: 50,
  });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const others = filters.filter((c) => !(BAR_FIELDS as readonly string[]).includes(c.field)).length;
  const active = Boolean(q || filters.length || sort || viewId);

  return (
    <Stack spacing={3}>
      <PageTitle title={t('emails.title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t('emails.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('emails.subtitle')}</Typography>
        </Box>
        <LiveStatus />
      </Box>

      <Card>
        <Box
          role="search"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            p: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <TextField
            size="small"
            type="search"
            label={t('emails.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <SearchIcon fontSize="small" sx={{ mr: 1, color: 'text.disabled' }} />
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('emails.direction')}
            value={valueOf(filters, 'direction')}
            onChange={(e) => setBarFilter('direction', e.target.value)}
            sx={{ width: { xs: '100%', sm: 150 } }}
          >
            <MenuItem value="">{t('emails.any')}</MenuItem>
            <MenuItem value="out">{t('directions.out')}</MenuItem>
            <MenuItem value="in">{t('directions.in')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('emails.status')}
            value={valueOf(filters, 'status')}
            onChange={(e) => setBarFilter('status', e.target.value)}
            sx={{ width: { xs: '100%', sm: 150 } }}
          >
            <MenuItem value="">{t('emails.any')}</MenuItem>
            {emailStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('emails.member')}
            value={valueOf(filters, 'memberId')}
            onChange={(e) => setBarFilter('memberId', e.target.value)}
            sx={{ width: { xs: '100%', sm: 180 } }}
          >
            <MenuItem value="">{t('emails.everyone')}</MenuItem>
            {members.members.map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {members.nameOf(member.id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('emails.sort')}
            value={sort ?? ''}
            onChange={(e) => update({ sort: e.target.value || null })}
            sx={{ width: { xs: '100%', sm: 170 } }}
          >
            <MenuItem value="">{t('emails.sorts.newest')}</MenuItem>
            <MenuItem value="date">{t('emails.sorts.oldest')}</MenuItem>
            <MenuItem value="subject">{t('emails.sorts.subject')}</MenuItem>
          </TextField>
          {viewsMenu?.({
            query: { q, filters, sort, columns: [], viewId },
            onApply: (view) => {
              setSearch(view.q);
              update({ q: view.q, filters: view.filters, sort: view.sort, view: view.id });
            },
            onViewChanged: (view) => update({ view: view?.id ?? null }),
          })}
          {active && (
            <>
              {others > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('emails.more', { count: others })}
                </Typography>
              )}
              <Button
                size="small"
                color="inherit"
                onClick={() => {
                  setSearch('');
                  update({ q: '', filters: [], sort: null, view: null });
                }}
              >
                {t('emails.clear')}
              </Button>
            </>
          )}
        </Box>

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
            {t('emails.failed')} {emailsErrorText(t, list.error)}
          </Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('emails.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('emails.columns.date')}</TableCell>
                  <TableCell>{t('emails.columns.person')}</TableCell>
                  {!compact && <TableCell>{t('emails.columns.member')}</TableCell>}
                  {!compact && <TableCell>{t('emails.columns.direction')}</TableCell>}
                  <TableCell>{t('emails.columns.subject')}</TableCell>
                  <TableCell>{t('emails.columns.status')}</TableCell>
                  {!compact && <TableCell>{t('emails.columns.tracking')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.isLoading
                  ? [0, 1, 2, 3, 4, 5].map((row) => (
                      <TableRow key={row}>
                        {Array.from({ length: compact ? 4 : 7 }, (_, cell) => (
                          <TableCell key={cell}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : items.map((email) => (
                      <TableRow
                        key={email.id}
                        hover
                        selected={email.id === openId}
                        sx={{ cursor: 'pointer' }}
                        onClick={() => update({ open: email.id })}
                      >
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <time dateTime={email.date}>{formatWhen(email.date, i18n.language)}</time>
                        </TableCell>
                        <TableCell sx={{ maxWidth: 200 }}>
                          {email.personId && email.personName ? (
                            <Link
                              component={RouterLink}
                              to={`${paths.dashboard.people}/${email.personId}`}
                              onClick={(e) => e.stopPropagation()}
                              noWrap
                              sx={{ display: 'block' }}
                            >
                              {email.personName}
                            </Link>
                          ) : (
                            <Typography variant="body2" noWrap>
                              {(email.direction === 'in'
                                ? email.from.address
                                : email.to[0]?.address) ?? ''}
                            </Typography>
                          )}
                          {email.companyName && (
                            <Typography
                              variant="caption"
                              noWrap
                              component="p"
                              sx={{ color: 'text.secondary' }}
                            >
                              {email.companyName}
                            </Typography>
                          )}
                        </TableCell>
                        {!compact && (
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {email.memberId
                              ? (members.nameOf(email.memberId) ?? '')
                              : t('emails.shared')}
                          </TableCell>
                        )}
                        {!compact && <TableCell>{t(`directions.${email.direction}`)}</TableCell>}
                        <TableCell sx={{ maxWidth: 320 }}>
                          <Button
                            variant="text"
                            color="inherit"
                            onClick={(e) => {
                              e.stopPropagation();
                              update({ open: email.id });
                            }}
                            sx={{
                              p: 0,
                              minWidth: 0,
                              fontWeight: 400,
                              textAlign: 'start',
                              justifyContent: 'flex-start',
                              maxWidth: '100%',
                            }}
                          >
                            <Typography variant="body2" noWrap component="span">
                              {email.subject || t('message.noSubject')}
                            </Typography>
                          </Button>
                        </TableCell>
                        <TableCell>
                          <SoftChip
                            color={STATUS_COLORS[email.status]}
                            label={t(`statuses.${email.status}`)}
                          />
                        </TableCell>
                        {!compact && (
                          <TableCell sx={{ minWidth: 150 }}>
                            <TrackingCell email={email} />
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
            {!list.isLoading && items.length === 0 && (
              <Box sx={{ p: 4, textAlign: 'center' }}>
                <MailIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
                <Typography variant="subtitle1" component="p" sx={{ mt: 1 }}>
                  {active ? t('emails.emptyFiltered') : t('emails.empty')}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('emails.emptyHint')}
                </Typography>
              </Box>
            )}
            <LoadMoreButton pages={list} />
          </TableContainer>
        )}
      </Card>

      <Drawer
        anchor="right"
        open={Boolean(openId)}
        onClose={() => update({ open: null })}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 3 } } }}
      >
        {openId && <EmailPanel id={openId} onClose={() => update({ open: null })} />}
      </Drawer>
    </Stack>
  );
}

function TrackingCell({ email }: { email: EmailActivity }) {
  const { t } = useTranslation('emails');
  if (!email.tracked) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {email.direction === 'out' ? t('tracking.notTracked') : '—'}
      </Typography>
    );
  }
  return (
    <Tooltip title={t('tracking.estimateHint')}>
      <Typography variant="body2" component="span">
        {t('tracking.opensEstimate', { count: email.opens })} ·{' '}
        {t('tracking.clicks', { count: email.clicks })}
      </Typography>
    </Tooltip>
  );
}

/** One e-mail: the message, the person, and its tracking. */
function EmailPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('emails');
  const detail = useEmailDetailQuery(id);
  return (
    <Stack spacing={3} role="region" aria-label={t('emails.panelLabel')}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('emails.panelTitle')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {detail.error ? (
        <Alert severity="error">{emailsErrorText(t, detail.error)}</Alert>
      ) : (
        <>
          <MessageView mailId={id} headingLevel="h3" />
          {detail.data && (
            <Box>
              {detail.data.email.personId && detail.data.email.personName && (
                <Typography variant="body2" sx={{ mb: 2 }}>
                  {t('emails.personLine')}{' '}
                  <Link
                    component={RouterLink}
                    to={`${paths.dashboard.people}/${detail.data.email.personId}`}
                  >
                    {detail.data.email.personName}
                  </Link>
                </Typography>
              )}
              <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                {t('tracking.title')}
              </Typography>
              {!detail.data.tracking.tracked ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {detail.data.email.direction === 'out'
                    ? t('tracking.off')
                    : t('tracking.inbound')}
                </Typography>
              ) : (
                <Stack spacing={1}>
                  <Typography variant="body2">
                    {t('tracking.opensEstimate', { count: detail.data.tracking.opens.count })}
                    {detail.data.tracking.opens.lastAt &&
                      ` · ${t('tracking.lastOpen', { when: formatWhen(detail.data.tracking.opens.lastAt, i18n.language) })}`}
                  </Typography>
                  <Alert severity="info" variant="outlined">
                    {t('tracking.estimateHint')}
                  </Alert>
                  {detail.data.tracking.links.length > 0 && (
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {detail.data.tracking.links.map((link) => (
                        <Typography
                          component="li"
                          variant="body2"
                          key={link.url}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          <Box component="span" dir="ltr">
                            {link.url}
                          </Box>
                          {' — '}
                          {t('tracking.clicks', { count: link.clicks })}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </Stack>
              )}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
