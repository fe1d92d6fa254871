import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PanelSection } from './panel-section.tsx';

/** A pipeline as the panel lists it: its name and its stages' names, already worded. */
export interface PipelineSummary {
  id: string;
  name: string;
  isDefault: boolean;
  stages: { id: string; name: string }[];
}

export interface PipelinesSectionProps {
  pipelines: PipelineSummary[] | null;
  error: unknown;
  onRetry: () => void;
  /** Opens the deals' pipeline editor on this pipeline (the route composes it). */
  onEdit: (id: string) => void;
}

/** The pipelines and their stages, each opened in the deals' pipeline editor. */
export function PipelinesSection({ pipelines, error, onRetry, onEdit }: PipelinesSectionProps) {
  const { t } = useTranslation('panels');
  return (
    <PanelSection
      id="pipelines"
      title={t('pipelines.title')}
      hint={t('pipelines.hint')}
      loading={!pipelines && !error}
      error={error}
      onRetry={onRetry}
      empty={pipelines && pipelines.length === 0 ? t('pipelines.empty') : null}
    >
      <List aria-labelledby="pipelines-heading" sx={{ px: 1, pb: 2 }}>
        {(pipelines ?? []).map((pipeline) => (
          <ListItem
            key={pipeline.id}
            divider
            secondaryAction={
              <Button size="small" onClick={() => onEdit(pipeline.id)}>
                {t('edit')}
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={
                <>
                  {pipeline.name}
                  {pipeline.isDefault && (
                    <Chip size="small" label={t('pipelines.default')} sx={{ ml: 1 }} />
                  )}
                </>
              }
              secondary={
                <Stack
                  component="span"
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
                >
                  {pipeline.stages.map((stage) => (
                    <Chip
                      key={stage.id}
                      component="span"
                      size="small"
                      variant="outlined"
                      label={stage.name}
                    />
                  ))}
                </Stack>
              }
              slotProps={{ secondary: { component: 'span' } }}
            />
          </ListItem>
        ))}
      </List>
    </PanelSection>
  );
}
