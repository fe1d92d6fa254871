import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ExportRecord, ImportJob, Member } from '@beacon/contract';
import { useRecentExportsQuery, useRecentImportsQuery } from '../api/contributor-api.ts';
import { PanelSection } from './panel-section.tsx';

/** One line of the history: an import (with its file and outcome) or an export. */
export type Transfer =
  | { type: 'import'; id: string; at: string; entity: string; who: string | null; job: ImportJob }
  | { type: 'export'; id: string; at: string; entity: string; who: string | null };

/** Imports and exports together, newest first. */
export function mergeTransfers(
  imports: readonly ImportJob[],
  exports: readonly ExportRecord[],
  nameOf: (id: string | null) => string | null,
): Transfer[] {
  return [
    ...imports.map((job): Transfer => ({
      type: 'import',
      id: job.id,
      at: job.createdAt,
      entity: job.entity,
      who: nameOf(job.createdBy),
      job,
    })),
    ...exports.map((record): Transfer => ({
      type: 'export',
      id: record.id,
      at: record.createdAt,
      entity: record.entity,
      who: record.actorName,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The history of CSV imports and exports of records. */
export function TransfersSection({ members }: { members: Member[] | null }) {
  const { t, i18n } = useTranslation('panels');
  const imports = useRecentImportsQuery();
  const exports = useRecentExportsQuery();
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const rows = useMemo(() => {
    if (!imports.data || !exports.data) return undefined;
    const nameOf = (id: string | null) => {
      const member = members?.find((m) => m.id === id);
      return member ? `${member.firstName} ${member.lastName}`.trim() || member.email : null;
    };
    return mergeTransfers(imports.data, exports.data, nameOf);
  }, [imports.data, exports.data, members]);

  return (
    <PanelSection
      id="transfers"
      title={t('transfers.title')}
      hint={t('transfers.hint')}
      loading={imports.isLoading || exports.isLoading}
      error={imports.error ?? exports.error}
      onRetry={() => {
        void imports.refetch();
        void exports.refetch();
      }}
      empty={rows && rows.length === 0 ? t('transfers.empty') : null}
    >
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-labelledby="transfers-heading" sx={{ minWidth: 600 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('transfers.columns.when')}</TableCell>
              <TableCell>{t('transfers.columns.type')}</TableCell>
              <TableCell>{t('transfers.columns.entity')}</TableCell>
              <TableCell>{t('transfers.columns.who')}</TableCell>
              <TableCell>{t('transfers.columns.outcome')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={`${row.type}-${row.id}`} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={row.at}>{time.format(new Date(row.at))}</time>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant={row.type === 'import' ? 'filled' : 'outlined'}
                    label={t(`transfers.types.${row.type}`)}
                  />
                </TableCell>
                <TableCell>{t(`entities.${row.entity}`, { defaultValue: row.entity })}</TableCell>
                <TableCell>{row.who ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {row.type === 'import'
                    ? t('transfers.importOutcome', {
                        file: row.job.fileName,
                        status: t(`transfers.status.${row.job.status}`),
                        created: row.job.created,
                        updated: row.job.updated,
                      })
                    : t('transfers.exported')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </PanelSection>
  );
}
