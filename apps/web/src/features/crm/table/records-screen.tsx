import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Company, Deal, FilterCondition, Person, SavedView } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import { saveFile } from '../../../utils/save-file.ts';
import { exportRecordsCsv } from '../api/bulk-api.ts';
import type { CrmEntity } from '../api/record-query.ts';
import type { FieldChoices } from '../filters/filter-fields.ts';
import { FilterBar } from '../filters/filter-bar.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { useLists } from '../hooks/use-crm-data.ts';
import { useRecords } from '../hooks/use-records.ts';
import { exportColumns, normalizeColumns, visibleColumnDefs } from '../state/columns.ts';
import { selectedCount, selectionActions, toContractSelection } from '../state/selection.ts';
import {
  isFiltered,
  parseTableQuery,
  writeTableQuery,
  type TableQuery,
} from '../state/table-query.ts';
import { crmErrorText } from '../utils/error-text.ts';
import { DownloadIcon, PlusIcon, UploadIcon } from '../../../components/icons.tsx';
import { ViewsMenu } from '../views/views-menu.tsx';
import { ColumnsMenu } from './columns-menu.tsx';
import { QuickAdd } from './quick-add.tsx';
import { RecordTable } from './record-table.tsx';

/*
 * The bulk bar and the create and import dialogs are chunks of their own, loaded when first
 * needed (a row selected, a dialog opened): the table's first load does without them and the
 * forms, pickers and dialogs they carry.
 */
const BulkBar = lazy(async () => ({ default: (await import('../bulk/bulk-bar.tsx')).BulkBar }));
const ImportDialog = lazy(async () => ({
  default: (await import('../import/import-dialog.tsx')).ImportDialog,
}));
const CreateRecordDialog = lazy(async () => ({
  default: (await import('./create-record-dialog.tsx')).CreateRecordDialog,
}));

export interface RecordsScreenProps {
  entity: CrmEntity;
  /** Admins and contributors change records; viewers read and export. */
  canEdit: boolean;
  /** The signed-in member's id, to tell their saved views from the shared ones. */
  userId: string | null;
  /** Labelled choices of fields only the screen knows (a deal's stages), for filters and cells. */
  fieldChoices?: FieldChoices;
  /**
   * Whether the screen adds records itself (quick add, "New" dialog). Deals are added from the
   * deals screen's own dialog (their stage and amount), so their table leaves it out.
   */
  creatable?: boolean;
}

/** Entities the CSV import takes. */
const IMPORTABLE: ReadonlySet<CrmEntity> = new Set(['people', 'companies', 'deals']);

/** `/dashboard/people` and `/dashboard/companies`: filters, views, the table and its actions. */
export function RecordsScreen({
  entity,
  canEdit: canEditRecords,
  userId,
  fieldChoices,
  creatable = true,
}: RecordsScreenProps) {
  const canEdit = canEditRecords;
  const canCreate = canEdit && creatable;
  const canImport = canEdit && IMPORTABLE.has(entity);
  const { t } = useTranslation('crm');
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseTableQuery(entity, params), [entity, params]);
  const state = useRecords(entity, query);
  const { select, loadMore, reload } = state;
  const { members } = useWorkspaceMembers();
  const memberMap = useMemo(() => new Map(members.map((m) => [m.id, m])), [members]);
  const { lists, reload: reloadLists, added: listAdded } = useLists(entity);
  const [creating, setCreating] = useState(false);
  // Records of this kind changed elsewhere (another member, another tab, or while the channel
  // was away): the table offers to read again (reading it on its own would move the rows under
  // the reader and drop the selection). records-api.ts follows the changes.
  const changedByOthers = state.changedElsewhere;
  const refresh = reload;
  const created = (record: Person | Company | Deal) => {
    state.added(record);
    enqueueSnackbar(t(`${entity}.created`));
  };
  const [importing, setImporting] = useState(false);
  // A dialog is mounted from its first opening on, and then stays, as before it was lazy (its
  // closing transition and what it keeps between openings are unchanged).
  const [createOpened, setCreateOpened] = useState(false);
  const [importOpened, setImportOpened] = useState(false);
  if (creating && !createOpened) setCreateOpened(true);
  if (importing && !importOpened) setImportOpened(true);
  const [exporting, setExporting] = useState(false);

  const update = useCallback(
    (change: Partial<TableQuery>, replace = false) => {
      setParams(
        (current) =>
          writeTableQuery(entity, { ...parseTableQuery(entity, current), ...change }, current),
        {
          replace,
        },
      );
    },
    [entity, setParams],
  );
  const onSearch = useCallback((q: string) => update({ q }, true), [update]);
  const onFilters = useCallback((filters: FilterCondition[]) => update({ filters }), [update]);
  const applyView = (view: SavedView) =>
    update({
      q: view.q,
      filters: view.filters,
      sort: view.sort,
      columns: normalizeColumns(entity, view.columns),
      viewId: view.id,
    });

  const columns = visibleColumnDefs(entity, query.columns);
  const count = state.count;
  const selection = toContractSelection(state.selection, query);
  const selected = selectedCount(state.selection, count, state.items.length);
  const allLoadedSelected = useMemo(() => {
    if (state.selection.mode !== 'ids' || state.items.length === 0) return false;
    const ids = new Set(state.selection.ids);
    return state.items.every((item) => ids.has(item.id));
  }, [state.selection, state.items]);
  const filtered = isFiltered(query);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await exportRecordsCsv(entity, {
        q: query.q,
        filters: query.filters,
        sort: query.sort,
        columns: exportColumns(entity, query.columns),
      });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      enqueueSnackbar(crmErrorText(t, error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const countText =
    count === null
      ? null
      : count.estimate
        ? t(`${entity}.countAbout`, { count: count.count })
        : t(`${entity}.count`, { count: count.count });

  const retry = (
    <Button color="inherit" size="small" onClick={reload}>
      {t('actions.retry')}
    </Button>
  );

  let body: React.ReactNode;
  if (!state.loaded && state.error) {
    body = (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" action={retry}>
          {crmErrorText(t, state.error)}
        </Alert>
      </Box>
    );
  } else if (state.loaded && state.items.length === 0) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 3 }}>
        <Typography variant="h6" component="p">
          {filtered ? t('empty.noMatchTitle') : t(`${entity}.emptyTitle`)}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {filtered
            ? t('empty.noMatchText')
            : canEdit
              ? t(`${entity}.emptyText`)
              : t('empty.viewer')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {filtered ? (
            <Button variant="outlined" onClick={() => update({ q: '', filters: [] })}>
              {t('filters.clear')}
            </Button>
          ) : (
            canCreate && (
              <>
                <Button
                  variant="contained"
                  startIcon={<PlusIcon />}
                  onClick={() => setCreating(true)}
                >
                  {t(`${entity}.new`)}
                </Button>
                {canImport && (
                  <Button
                    variant="outlined"
                    startIcon={<UploadIcon />}
                    onClick={() => setImporting(true)}
                  >
                    {t('import.button')}
                  </Button>
                )}
              </>
            )
          )}
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <>
        {state.error && state.loaded && (
          <Alert severity="warning" action={retry} sx={{ borderRadius: 0 }}>
            {crmErrorText(t, state.error)}
          </Alert>
        )}
        <RecordTable
          entity={entity}
          columns={columns}
          rows={state.items as (Person | Company | Deal)[]}
          total={count?.count ?? null}
          loading={state.loading}
          loadingMore={state.loadingMore}
          hasMore={state.hasMore}
          onLoadMore={loadMore}
          sort={query.sort}
          onSort={(sort) => update({ sort })}
          selection={state.selection}
          selectable={canEdit}
          onToggleRow={(id) => select(selectionActions.rowToggled(id))}
          onToggleLoaded={() =>
            select(selectionActions.loadedToggled(state.items.map((item) => item.id)))
          }
          members={memberMap}
          labels={fieldChoices}
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <PageTitle title={t(`${entity}.title`)} />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {t(`${entity}.title`)}
          </Typography>
          <Typography
            sx={{ color: 'text.secondary' }}
            data-testid="record-count"
            aria-live="polite"
          >
            {countText ?? '\u00a0'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {canImport && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<UploadIcon />}
              onClick={() => setImporting(true)}
            >
              {t('import.button')}
            </Button>
          )}
          {entity === 'people' && (
            <Button
              variant="outlined"
              color="inherit"
              component={RouterLink}
              to={`${paths.dashboard.people}/duplicates`}
            >
              {t('duplicates.button')}
            </Button>
          )}
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {t('export.button')}
          </Button>
          {canCreate && (
            <Button variant="contained" startIcon={<PlusIcon />} onClick={() => setCreating(true)}>
              {t(`${entity}.new`)}
            </Button>
          )}
        </Box>
      </Box>

      <Card sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <FilterBar
            entity={entity}
            q={query.q}
            filters={query.filters}
            members={members}
            lists={lists}
            choices={fieldChoices}
            onSearch={onSearch}
            onFiltersChange={onFilters}
          >
            <ViewsMenu
              entity={entity}
              query={query}
              userId={userId}
              onApply={applyView}
              onViewChanged={(view) => update({ viewId: view?.id ?? null })}
            />
            <ColumnsMenu
              entity={entity}
              columns={query.columns}
              onChange={(c) => update({ columns: c })}
            />
          </FilterBar>
        </Box>
        {canEdit && selection && (
          <Suspense fallback={null}>
            <BulkBar
              entity={entity}
              selection={selection}
              selectedCount={selected}
              allMatching={state.selection.mode === 'all'}
              canSelectAll={allLoadedSelected && count !== null && count.count > state.items.length}
              matchingCount={count?.count ?? null}
              matchingEstimate={count?.estimate ?? false}
              onSelectAll={() => select(selectionActions.allMatchingSelected())}
              onClear={() => select(selectionActions.selectionCleared())}
              lists={lists}
              onListCreated={listAdded}
              members={members}
              choices={fieldChoices}
              onDone={(action) => {
                if (action === 'add_to_list') reloadLists();
                select(selectionActions.selectionCleared());
                refresh();
              }}
            />
          </Suspense>
        )}
        {changedByOthers && (
          <Alert
            severity="info"
            sx={{ borderRadius: 0 }}
            action={
              <Button color="inherit" size="small" onClick={refresh}>
                {t('live.refresh')}
              </Button>
            }
          >
            {t('live.changed')}
          </Alert>
        )}
        {canCreate && (state.loaded || !state.error) && (
          <QuickAdd entity={entity} onCreated={created} onMoreFields={() => setCreating(true)} />
        )}
        {body}
      </Card>

      {canEdit && (
        <Suspense fallback={null}>
          {canCreate && createOpened && (
            <CreateRecordDialog
              entity={entity}
              open={creating}
              members={members}
              onClose={() => setCreating(false)}
              onCreated={created}
            />
          )}
          {canImport && importOpened && (
            <ImportDialog
              entity={entity}
              open={importing}
              lists={lists}
              onClose={() => setImporting(false)}
              onFinished={() => {
                refresh();
                reloadLists();
              }}
            />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
