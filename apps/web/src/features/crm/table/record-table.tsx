import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Company, Deal, Member, Person } from '@beacon/contract';
import type { CrmEntity } from '../api/record-query.ts';
import type { FieldChoices } from '../filters/filter-fields.ts';
import { nextSort, sortState, type ColumnDef } from '../state/columns.ts';
import type { RowSelection } from '../state/selection.ts';
import { RecordCell, recordName } from './record-cell.tsx';
import { visibleRange } from './virtual-window.ts';

export const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 44;
const CHECK_WIDTH = 52;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 30;

export interface RecordTableProps {
  entity: CrmEntity;
  columns: ColumnDef[];
  rows: (Person | Company | Deal)[];
  /** Total rows, when known (for screen readers' row count). */
  total: number | null;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  sort: string | null;
  onSort: (sort: string) => void;
  selection: RowSelection;
  selectable: boolean;
  onToggleRow: (id: string) => void;
  onToggleLoaded: () => void;
  members: ReadonlyMap<string, Member>;
  /** Labels of values the screen knows (a deal's stage names). */
  labels?: FieldChoices;
}

/**
 * The dense records table. Only the rows in view (and a few around them) are in the page; the
 * rest of the loaded rows are a spacer, and the next page loads when the end comes near. The
 * header stays on top while the body scrolls.
 */
export function RecordTable(props: RecordTableProps) {
  const { entity, columns, rows, loading, loadingMore, hasMore, onLoadMore, selectable } = props;
  const { t, i18n } = useTranslation('crm');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 600 });

  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
        dateStyle: 'medium',
      }),
    [i18n.language],
  );

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () =>
      setViewport({ top: element.scrollTop, height: element.clientHeight - HEADER_HEIGHT });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = scrollRef.current;
      if (element)
        setViewport({ top: element.scrollTop, height: element.clientHeight - HEADER_HEIGHT });
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const { start, end } = visibleRange(viewport.top, viewport.height, ROW_HEIGHT, rows.length);

  useEffect(() => {
    if (hasMore && !loading && !loadingMore && end >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [end, rows.length, hasMore, loading, loadingMore, onLoadMore]);

  const width = (selectable ? CHECK_WIDTH : 0) + columns.reduce((sum, c) => sum + c.width, 0);
  const selectedIds = useMemo(
    () => new Set(props.selection.mode === 'ids' ? props.selection.ids : []),
    [props.selection],
  );
  const loadedCount = rows.length;
  const selectedLoaded =
    props.selection.mode === 'all'
      ? loadedCount
      : rows.reduce((n, row) => (selectedIds.has(row.id) ? n + 1 : n), 0);
  const hrefBase = `/dashboard/${entity}`;

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      role="table"
      aria-label={t(`${entity}.tableLabel`)}
      aria-rowcount={(props.total ?? rows.length) + 1}
      aria-busy={loading || loadingMore}
      tabIndex={0}
      data-testid="record-table"
      sx={{
        position: 'relative',
        overflow: 'auto',
        height: { xs: 'calc(100dvh - 300px)', md: 'calc(100dvh - 330px)' },
        minHeight: 360,
        borderTop: 1,
        borderColor: 'divider',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box
        role="rowgroup"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          minWidth: width,
          bgcolor: 'background.neutral',
        }}
      >
        <Box role="row" aria-rowindex={1} sx={rowSx(width)}>
          {selectable && (
            <Box role="columnheader" sx={checkCellSx}>
              <Checkbox
                size="small"
                checked={selectedLoaded > 0 && selectedLoaded === loadedCount}
                indeterminate={selectedLoaded > 0 && selectedLoaded < loadedCount}
                onChange={props.onToggleLoaded}
                disabled={loadedCount === 0}
                slotProps={{ input: { 'aria-label': t('table.selectLoaded') } }}
              />
            </Box>
          )}
          {columns.map((column) => {
            const state = sortState(props.sort, column.sortKey);
            return (
              <Box
                key={column.id}
                role="columnheader"
                aria-sort={
                  state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined
                }
                sx={{
                  ...cellSx(column.width),
                  height: HEADER_HEIGHT,
                  fontWeight: 600,
                  fontSize: 13,
                  color: 'text.secondary',
                }}
              >
                {column.sortKey ? (
                  <TableSortLabel
                    active={state !== false}
                    direction={state === 'desc' ? 'desc' : 'asc'}
                    onClick={() => props.onSort(nextSort(props.sort, column.sortKey ?? column.id))}
                  >
                    {t(`fields.${column.id}` as never)}
                  </TableSortLabel>
                ) : (
                  t(`fields.${column.id}` as never)
                )}
              </Box>
            );
          })}
        </Box>
      </Box>

      {loading && rows.length === 0 ? (
        <Box role="rowgroup" aria-label={t('table.loading')} sx={{ minWidth: width }}>
          {Array.from({ length: 10 }, (_, i) => (
            <Box key={i} role="row" sx={rowSx(width)} data-testid="skeleton-row">
              {selectable && <Box role="cell" sx={checkCellSx} />}
              {columns.map((column) => (
                <Box key={column.id} role="cell" sx={cellSx(column.width)}>
                  <Skeleton width={`${50 + ((i * 17 + column.width) % 40)}%`} />
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      ) : (
        <Box
          role="rowgroup"
          sx={{ position: 'relative', minWidth: width }}
          style={{ height: rows.length * ROW_HEIGHT + (loadingMore ? ROW_HEIGHT : 0) }}
        >
          {rows.slice(start, end).map((row, offset) => {
            const index = start + offset;
            const selected = props.selection.mode === 'all' || selectedIds.has(row.id);
            return (
              <Box
                key={row.id}
                role="row"
                aria-rowindex={index + 2}
                aria-selected={selectable ? selected : undefined}
                data-testid="record-row"
                sx={{
                  ...rowSx(width),
                  position: 'absolute',
                  top: 0,
                  insetInlineStart: 0,
                  bgcolor: selected ? 'action.selected' : undefined,
                  '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
                }}
                style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
              >
                {selectable && (
                  <Box role="cell" sx={checkCellSx}>
                    <Checkbox
                      size="small"
                      checked={selected}
                      disabled={props.selection.mode === 'all'}
                      onChange={() => props.onToggleRow(row.id)}
                      slotProps={{
                        input: {
                          'aria-label': t('table.selectRow', { name: recordName(row) }),
                        },
                      }}
                    />
                  </Box>
                )}
                {columns.map((column) => (
                  <Box key={column.id} role="cell" sx={cellSx(column.width)}>
                    <Box component="span" dir="auto" sx={clipSx}>
                      <RecordCell
                        column={column}
                        record={row}
                        href={`${hrefBase}/${row.id}`}
                        members={props.members}
                        labels={props.labels}
                        dateFormat={dateFormat}
                      />
                    </Box>
                  </Box>
                ))}
              </Box>
            );
          })}
          {loadingMore && (
            <Box
              role="row"
              sx={{ ...rowSx(width), position: 'absolute', top: 0, insetInlineStart: 0 }}
              style={{ transform: `translateY(${rows.length * ROW_HEIGHT}px)` }}
            >
              <Box role="cell" sx={{ px: 2 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('table.loadingMore')}
                </Typography>
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

const rowSx = (width: number) => ({
  display: 'flex',
  alignItems: 'center',
  height: ROW_HEIGHT,
  width: '100%',
  minWidth: width,
  borderBottom: 1,
  borderColor: 'divider',
  boxSizing: 'border-box' as const,
});

/**
 * One cell's text: its own direction (a Latin name in the Arabic table keeps its beginning and
 * ends with the ellipsis), aligned to the table's start (stylis-plugin-rtl mirrors `left`).
 */
const clipSx = {
  flex: 1,
  textAlign: 'left' as const,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap' as const,
};

const checkCellSx = { flex: `0 0 ${CHECK_WIDTH}px`, display: 'flex', justifyContent: 'center' };

const cellSx = (width: number) => ({
  flex: `1 0 ${width}px`,
  minWidth: 0,
  maxWidth: width * 1.6,
  px: 1.5,
  fontSize: 14,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap' as const,
  display: 'flex',
  alignItems: 'center',
});
