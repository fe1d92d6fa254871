import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Company, ListKind, Person } from '@beacon/contract';
import { paths } from '../../../utils/paths.ts';
import { StageLabel } from '../table/stage-label.tsx';
import { fullName } from '../record/utils/format.ts';

export type MemberRow = Person | Company;

export interface MembersTableProps {
  kind: ListKind;
  rows: MemberRow[];
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** With selection: the ids chosen, and how to change them. */
  selected?: Set<string>;
  onSelect?: (ids: string[], on: boolean) => void;
  /** Shown as the table's accessible name. */
  label: string;
  /** Leaves out the company column (on the company's own page). */
  hideCompany?: boolean;
}

const isPerson = (row: MemberRow): row is Person => 'firstName' in row;

/** At phone width the table keeps the name and the second column; the rest is on the record. */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** People or companies, each linking to its page; with checkboxes when `onSelect` is given. */
export function MembersTable({
  kind,
  rows,
  loading,
  hasMore,
  onLoadMore,
  selected,
  onSelect,
  label,
  hideCompany,
}: MembersTableProps) {
  const { t } = useTranslation('records');
  const selectable = Boolean(selected && onSelect);
  const allOn = rows.length > 0 && rows.every((row) => selected?.has(row.id));
  const someOn = rows.some((row) => selected?.has(row.id));
  const columns =
    kind === 'people'
      ? [
          t('columns.name'),
          t('columns.jobTitle'),
          ...(hideCompany ? [] : [t('columns.company')]),
          t('columns.stage'),
        ]
      : [t('columns.name'), t('columns.domain'), t('columns.industry'), t('columns.people')];

  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} sx={{ minWidth: { sm: 560 } }}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOn}
                    indeterminate={someOn && !allOn}
                    disabled={rows.length === 0}
                    onChange={(event) =>
                      onSelect?.(
                        rows.map((row) => row.id),
                        event.target.checked,
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((column, index) => (
                <TableCell key={column} sx={index >= 2 ? HIDE_ON_PHONE : undefined}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = isPerson(row) ? fullName(row) || t('person.unnamed') : row.name;
              const href = `${isPerson(row) ? paths.dashboard.people : paths.dashboard.companies}/${row.id}`;
              return (
                <TableRow key={row.id} hover selected={selected?.has(row.id)}>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected?.has(row.id) ?? false}
                        onChange={(event) => onSelect?.([row.id], event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('list.selectRow', { name }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }} dir="auto">
                      {name}
                    </Link>
                    {isPerson(row) && row.email && (
                      <Box
                        sx={{
                          color: 'text.secondary',
                          typography: 'caption',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {row.email}
                      </Box>
                    )}
                  </TableCell>
                  {isPerson(row) ? (
                    <>
                      <TableCell>{row.jobTitle}</TableCell>
                      {!hideCompany && (
                        <TableCell sx={HIDE_ON_PHONE}>
                          {row.companyId ? (
                            <Link
                              component={RouterLink}
                              to={`${paths.dashboard.companies}/${row.companyId}`}
                              color="inherit"
                            >
                              {row.companyName}
                            </Link>
                          ) : null}
                        </TableCell>
                      )}
                      <TableCell sx={HIDE_ON_PHONE}>
                        <StageLabel stage={row.stage} label={t(`stages.${row.stage}`)} />
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>{row.domain}</TableCell>
                      <TableCell sx={HIDE_ON_PHONE}>{row.industry}</TableCell>
                      <TableCell sx={HIDE_ON_PHONE}>{row.peopleCount}</TableCell>
                    </>
                  )}
                </TableRow>
              );
            })}
            {loading &&
              Array.from({ length: rows.length === 0 ? 5 : 2 }, (_, i) => (
                <TableRow key={`skeleton-${i}`}>
                  {selectable && <TableCell padding="checkbox" />}
                  {columns.map((column, index) => (
                    <TableCell key={column} sx={index >= 2 ? HIDE_ON_PHONE : undefined}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      {hasMore && (
        <Box sx={{ textAlign: 'center', py: 2 }}>
          <Button variant="outlined" color="inherit" onClick={onLoadMore} loading={loading}>
            {t('actions.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
