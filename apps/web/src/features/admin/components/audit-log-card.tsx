import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditKinds, type AuditEntry, type AuditFilter, type Member } from '@beacon/contract';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { saveFile } from '../../../utils/save-file.ts';
import { exportAuditCsv, useAuditLogInfiniteQuery } from '../api/admin-api.ts';

/** A day of the date field as the instant it starts, in the browser's zone; the `to` day included. */
export function dayRange(from: string, to: string): Pick<AuditFilter, 'from' | 'to'> {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const range: Pick<AuditFilter, 'from' | 'to'> = {};
  if (from) range.from = start(from).toISOString();
  if (to) {
    const end = start(to);
    end.setDate(end.getDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

/** What an entry is about, in words: the changed settings, the records and their count. */
export function auditSummary(t: TFunction, entry: AuditEntry): string {
  const detail = entry.detail as Record<string, unknown>;
  if (entry.kind === 'workspace.settings_changed' && detail.changes) {
    return Object.keys(detail.changes as object)
      .map((key) => t(`admin:audit.fields.${key}`, { defaultValue: key }))
      .join(', ');
  }
  if (typeof detail.entity === 'string') {
    const entity = t(`admin:audit.entities.${detail.entity}`, { defaultValue: detail.entity });
    const count = typeof detail.count === 'number' ? detail.count : detail.rows;
    return typeof count === 'number' ? t('admin:audit.entityCount', { entity, n: count }) : entity;
  }
  return entry.subject ?? '';
}

export interface AuditLogCardProps {
  /** The workspace's members, to filter by who acted; null while they load. */
  members: Member[] | null;
}

/** The audit log (admins): filters by kind, member and days; more pages; CSV export. */
export function AuditLogCard({ members }: AuditLogCardProps) {
  const { t, i18n } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const [kind, setKind] = useState('');
  const [actorId, setActorId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const badRange = Boolean(from && to && from > to);
  const filter = useMemo<AuditFilter>(
    () => ({
      ...(kind ? { kind: kind as AuditFilter['kind'] } : {}),
      ...(actorId ? { actorId } : {}),
      ...(badRange ? {} : dayRange(from, to)),
    }),
    [kind, actorId, from, to, badRange],
  );
  const log = useAuditLogInfiniteQuery(filter);
  const entries = log.data?.pages.flatMap((page) => page.items);
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );

  const download = async () => {
    setExporting(true);
    try {
      const file = await exportAuditCsv(filter);
      saveFile(file.blob, file.fileName);
      void log.refetch();
    } catch (error) {
      enqueueSnackbar(areaErrorText(t, 'admin', error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="audit-heading">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ px: 3, pt: 3, pb: 2, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id="audit-heading" component="h2" variant="h6">
            {t('audit.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('audit.hint')}
          </Typography>
        </Box>
        <Box>
          <Button variant="outlined" onClick={() => void download()} disabled={exporting}>
            {t('audit.export')}
          </Button>
        </Box>
      </Stack>
      <Box
        role="group"
        aria-label={t('audit.filters')}
        sx={{
          px: 3,
          pb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <TextField
          select
          size="small"
          label={t('audit.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('audit.allKinds')}</option>
          {auditKinds.map((name) => (
            <option key={name} value={name}>
              {t(`audit.kinds.${name}`)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('audit.actor')}
          value={actorId}
          onChange={(event) => setActorId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('audit.allActors')}</option>
          {(members ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {`${member.firstName} ${member.lastName}`.trim() || member.email}
            </option>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('audit.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('audit.to')}
          value={to}
          error={badRange}
          helperText={badRange ? t('audit.badRange') : undefined}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {log.error ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void log.refetch()}>
                {t('panel.retry')}
              </Button>
            }
          >
            {areaErrorText(t, 'admin', log.error)}
          </Alert>
        </Box>
      ) : entries && entries.length === 0 ? (
        <Typography sx={{ px: 3, pb: 3, color: 'text.secondary' }}>{t('audit.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table aria-labelledby="audit-heading" size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.columns.time')}</TableCell>
                <TableCell>{t('audit.columns.event')}</TableCell>
                <TableCell>{t('audit.columns.actor')}</TableCell>
                <TableCell>{t('audit.columns.about')}</TableCell>
                <TableCell>{t('audit.columns.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody aria-busy={log.isFetching}>
              {entries
                ? entries.map((entry) => (
                    <TableRow key={entry.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={entry.createdAt}>
                          {time.format(new Date(entry.createdAt))}
                        </time>
                      </TableCell>
                      <TableCell>{t(`audit.kinds.${entry.kind}`)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {entry.actorName ?? entry.actorEmail ?? t('audit.nobody')}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {auditSummary(t, entry)}
                      </TableCell>
                      <TableCell sx={{ color: 'text.secondary' }}>
                        <bdi>{entry.ip ?? ''}</bdi>
                      </TableCell>
                    </TableRow>
                  ))
                : [0, 1, 2, 3, 4].map((row) => (
                    <TableRow key={row}>
                      {[120, 140, 100, 160, 80].map((width, cell) => (
                        <TableCell key={cell}>
                          <Skeleton width={width} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMoreButton pages={log} />
    </Card>
  );
}
