import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useAuth } from '../../features/auth/index.ts';
import { ContributorPanelPage } from '../../features/contributor/components/contributor-panel-page.tsx';
import { PipelinesSection } from '../../features/contributor/components/pipelines-section.tsx';
import { dealsQueries } from '../../features/deals/api/deals-queries.ts';
import { usePipelines } from '../../features/deals/hooks/use-pipelines.ts';
import { pipelineName, stageName } from '../../features/deals/utils/names.ts';

const PipelineEditor = lazy(async () => ({
  default: (await import('../../features/deals/components/pipeline-editor.tsx')).PipelineEditor,
}));

/** Composes the signed-in user (auth) and the deals' pipelines and editor with the panel. */
export function Component() {
  const { user } = useAuth();
  // Waits for the words of the panel and of the pipelines (Suspense), as the admin panel does.
  useTranslation(['panels', 'deals']);
  return <ContributorPanelPage userId={user?.id} role={user?.role} pipelines={<Pipelines />} />;
}

function Pipelines() {
  const { t } = useTranslation('deals');
  const dispatch = useDispatch();
  const { pipelines, error, reload } = usePipelines();
  const [editing, setEditing] = useState<string | null>(null);
  const summaries = useMemo(
    () =>
      pipelines?.map((pipeline) => ({
        id: pipeline.id,
        name: pipelineName(t, pipeline),
        isDefault: pipeline.isDefault,
        stages: pipeline.stages.map((stage) => ({ id: stage.id, name: stageName(t, stage) })),
      })) ?? null,
    [pipelines, t],
  );
  const pipeline = pipelines?.find((p) => p.id === editing);
  return (
    <>
      <PipelinesSection pipelines={summaries} error={error} onRetry={reload} onEdit={setEditing} />
      {pipeline && (
        <Suspense fallback={null}>
          <PipelineEditor
            open
            pipeline={pipeline}
            onClose={() => setEditing(null)}
            onChanged={() => {
              dispatch(dealsQueries.util.invalidateTags(['Pipelines', 'DealForecast']));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
