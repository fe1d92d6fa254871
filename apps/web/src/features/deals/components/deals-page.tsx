import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { paths } from '../../../utils/paths.ts';
import { useDealsBoard } from '../hooks/use-deals-board.ts';
import { dealsQueries } from '../api/deals-queries.ts';
import type { AppDispatch } from '../../../lib/store.ts';
import { useForecast } from '../hooks/use-forecast.ts';
import { usePipelines } from '../hooks/use-pipelines.ts';
import { boardTotals } from '../state/board-rules.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { formatSums } from '../../../utils/money.ts';
import { DealsBoard } from './deals-board.tsx';
import { ForecastStrip } from './forecast-strip.tsx';
import { pipelineName } from '../utils/names.ts';

const NewDealDialog = lazy(async () => ({
  default: (await import('./new-deal-dialog.tsx')).NewDealDialog,
}));
const PipelineEditor = lazy(async () => ({
  default: (await import('./pipeline-editor.tsx')).PipelineEditor,
}));

export interface DealsPageProps {
  canEdit: boolean;
  /** The deals table (the records screen of people and companies), composed by the route. */
  table: ReactNode;
}

/** `/dashboard/deals`: the pipeline's board (or the deals table), and the forecast. */
export function DealsPage({ canEdit, table }: DealsPageProps) {
  const { t, i18n } = useTranslation('deals');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  // `show`, as `view` is the table's saved view (features/crm/state/table-query.ts).
  const view = params.get('show') === 'table' ? 'table' : 'board';
  const { pipelines, error: pipelinesError, reload: reloadPipelines } = usePipelines();
  const asked = params.get('pipeline');
  const pipeline =
    pipelines?.find((p) => p.id === asked) ?? pipelines?.find((p) => p.isDefault) ?? pipelines?.[0];
  const pipelineId = pipeline?.id ?? null;
  const board = useDealsBoard(view === 'board' && pipelines ? pipelineId : null);
  const forecast = useForecast(view === 'board' ? pipelineId : null);
  const dispatch = useDispatch<AppDispatch>();
  const { nameOf } = useWorkspaceMembers();
  const ownerName = useCallback((id: string | null) => (id ? nameOf(id) : null), [nameOf]);
  const [creating, setCreating] = useState(false);
  const [createOpened, setCreateOpened] = useState(false);
  const [editing, setEditing] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  if (creating && !createOpened) setCreateOpened(true);
  if (editing && !editOpened) setEditOpened(true);

  const stages = board.pipeline?.stages ?? pipeline?.stages ?? [];
  const totals = useMemo(() => boardTotals(board.board), [board.board]);
  const mainCurrency = totals.sums[0]?.currency ?? 'EUR';

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'pipeline' },
    );

  const onMove = useCallback(
    (dealId: string, stageId: string, index: number, lostReason?: string) =>
      // A saved move reads the forecast again (the mutation's tags).
      board.move(dealId, stageId, index, lostReason).catch((error: unknown) => {
        enqueueSnackbar(dealsErrorText(t, error), { variant: 'error' });
        throw error;
      }),
    [board, enqueueSnackbar, t],
  );
  const onOpen = useCallback(
    (dealId: string) => void navigate(`${paths.dashboard.deals}/${dealId}`),
    [navigate],
  );

  const title = (
    <Box sx={{ flex: 1, minWidth: 200 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="deals-summary">
        {view === 'board' && board.loaded
          ? t('summary', {
              count: totals.count,
              amount: formatSums(totals.sums, language, 'amount') || '0',
              weighted: formatSums(totals.sums, language, 'weighted') || '0',
            })
          : '\u00a0'}
      </Typography>
    </Box>
  );
  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {view === 'board' && <LiveStatus />}
      {view === 'board' && pipelines && pipelines.length > 1 && (
        <TextField
          select
          size="small"
          label={t('pipeline.label')}
          value={pipelineId ?? ''}
          onChange={(event) => setParam('pipeline', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {pipelines.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {pipelineName(t, p)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={t('view.label')}
        onChange={(_, next: 'board' | 'table' | null) => {
          if (next) {
            // The table's own parameters (search, filters, sort, view) stay with the table.
            setParams(
              next === 'board' ? { ...(asked ? { pipeline: asked } : {}) } : { show: 'table' },
            );
          }
        }}
      >
        <ToggleButton value="board">{t('view.board')}</ToggleButton>
        <ToggleButton value="table">{t('view.table')}</ToggleButton>
      </ToggleButtonGroup>
      {canEdit && view === 'board' && pipeline && (
        <Button variant="outlined" color="inherit" onClick={() => setEditing(true)}>
          {t('pipeline.edit')}
        </Button>
      )}
      {canEdit && (
        <Button variant="contained" onClick={() => setCreating(true)} disabled={!pipeline}>
          {t('create.button')}
        </Button>
      )}
    </Box>
  );

  const dialogs = (
    <>
      {canEdit && (
        <Suspense fallback={null}>
          {createOpened && (
            <NewDealDialog
              open={creating}
              pipeline={board.pipeline ?? pipeline ?? null}
              defaultCurrency={mainCurrency}
              onClose={() => setCreating(false)}
              onCreated={(deal) => {
                setCreating(false);
                enqueueSnackbar(t('create.done', { name: deal.name }));
                if (view === 'table') {
                  void navigate(`${paths.dashboard.deals}/${deal.id}`);
                  return;
                }
                // The creation invalidated the board and the forecast (the mutation's tags).
              }}
            />
          )}
          {editOpened && pipeline && (
            <PipelineEditor
              open={editing}
              pipeline={board.pipeline ?? pipeline}
              onClose={() => setEditing(false)}
              onChanged={() => {
                dispatch(dealsQueries.util.invalidateTags(['Pipelines', 'DealForecast']));
                board.reload();
              }}
            />
          )}
        </Suspense>
      )}
    </>
  );

  if (view === 'table') {
    return (
      <Stack spacing={3}>
        <PageTitle title={t('title')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{toolbar}</Box>
        {table}
        {dialogs}
      </Stack>
    );
  }

  let body: ReactNode;
  const failure = pipelinesError ?? (!board.loaded ? board.error : null);
  if (failure) {
    body = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => (pipelinesError ? reloadPipelines() : board.reload())}
          >
            {t('actions.retry')}
          </Button>
        }
      >
        {dealsErrorText(t, failure)}
      </Alert>
    );
  } else if (!board.loaded || !pipelines) {
    body = (
      <Box
        sx={{ display: 'flex', gap: 2, overflow: 'hidden' }}
        aria-busy="true"
        aria-label={t('loading')}
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" width={280} height={360} sx={{ flexShrink: 0 }} />
        ))}
      </Box>
    );
  } else {
    body = (
      <>
        {board.error != null && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={board.reload}>
                {t('actions.retry')}
              </Button>
            }
          >
            {dealsErrorText(t, board.error)}
          </Alert>
        )}
        {totals.count === 0 && (
          <Alert severity="info">{canEdit ? t('empty.editor') : t('empty.viewer')}</Alert>
        )}
        <DealsBoard
          stages={stages}
          board={board.board}
          canEdit={canEdit}
          loadingMore={board.loadingMore}
          ownerName={ownerName}
          onOpen={onOpen}
          onLoadMore={board.loadMore}
          onMove={onMove}
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <PageTitle title={t('title')} />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        {title}
        {toolbar}
      </Box>
      {pipelines && pipelineId && (
        <ForecastStrip rows={forecast.rows} error={forecast.error} onRetry={forecast.reload} />
      )}
      {body}
      {dialogs}
    </Stack>
  );
}
