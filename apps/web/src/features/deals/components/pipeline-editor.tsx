import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  dealStageKinds,
  newPipelineSchema,
  pipelinePatchSchema,
  stageFields,
  type Pipeline,
  type PipelineStage,
  type StagePatch,
} from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import {
  useAddStageMutation,
  useCreatePipelineMutation,
  usePatchPipelineMutation,
  usePatchStageMutation,
  useRemoveStageMutation,
} from '../api/deals-queries.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { pipelineName, stageName } from '../utils/names.ts';

/** The limits of the editor's fields are the contract's. */
const NAME_MAX = stageFields.name.maxLength ?? undefined;
const PIPELINE_NAME_MAX = newPipelineSchema.shape.name.maxLength ?? undefined;
const stageNameForm = z.object({ name: stageFields.name });
const pipelineNameForm = z.object({ name: newPipelineSchema.shape.name });
type NameForm = z.input<typeof stageNameForm>;

export interface PipelineEditorProps {
  open: boolean;
  pipeline: Pipeline;
  onClose: () => void;
  /** The pipeline or its stages changed: the board reads itself again. */
  onChanged: () => void;
}

/**
 * Edits a pipeline (admins and contributors): its name, and each stage's name, order, win
 * probability, kind and rot days; adds stages and another pipeline; a stage holding deals is
 * deleted only after saying where its deals go.
 */
export function PipelineEditor({ open, pipeline: given, onClose, onChanged }: PipelineEditorProps) {
  const { t } = useTranslation('deals');
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [pipeline, setPipeline] = useState(given);
  const [name, setName] = useState(pipelineName(t, given));
  const stageForm = useForm<NameForm>({
    resolver: zodResolver(stageNameForm),
    defaultValues: { name: '' },
  });
  const pipelineForm = useForm<NameForm>({
    resolver: zodResolver(pipelineNameForm),
    defaultValues: { name: '' },
  });
  const newStage = stageForm.watch('name');
  const newPipeline = pipelineForm.watch('name');
  const [updatePipeline] = usePatchPipelineMutation();
  const [createPipeline] = useCreatePipelineMutation();
  const [createStage] = useAddStageMutation();
  const [updateStage] = usePatchStageMutation();
  const [deleteStage] = useRemoveStageMutation();
  const [deleting, setDeleting] = useState<PipelineStage | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPipeline(given);
    setName(pipelineName(t, given));
  }, [given, t]);

  const fail = (error: unknown) => enqueueSnackbar(dealsErrorText(t, error), { variant: 'error' });
  const saved = (next: Pipeline) => {
    setPipeline(next);
    onChanged();
  };

  const saveName = async () => {
    const text = name.trim();
    // The name as shown (a default's words in the reader's language) unchanged: nothing to save.
    if (
      !pipelinePatchSchema.shape.name.safeParse(text).success ||
      text === pipelineName(t, pipeline)
    )
      return setName(pipelineName(t, pipeline));
    try {
      saved(await updatePipeline({ id: pipeline.id, patch: { name: text } }).unwrap());
    } catch (error) {
      setName(pipeline.name);
      fail(error);
    }
  };

  const patchStage = async (stage: PipelineStage, patch: StagePatch) => {
    try {
      saved(await updateStage({ id: pipeline.id, stageId: stage.id, patch }).unwrap());
    } catch (error) {
      fail(error);
      setPipeline({ ...pipeline });
    }
  };

  const addStage = stageForm.handleSubmit(async ({ name: text }) => {
    try {
      saved(await createStage({ id: pipeline.id, stage: { name: text } }).unwrap());
      stageForm.reset({ name: '' });
    } catch (error) {
      fail(error);
    }
  });

  const removeStage = async (stage: PipelineStage, target?: string) => {
    setBusy(true);
    try {
      await deleteStage({
        id: pipeline.id,
        stageId: stage.id,
        ...(target ? { moveTo: target } : {}),
      }).unwrap();
      // The board and the pipelines read themselves again; until then, without the stage.
      saved({ ...pipeline, stages: pipeline.stages.filter((s) => s.id !== stage.id) });
      setDeleting(null);
      enqueueSnackbar(t('editor.stageDeleted', { name: stageName(t, stage) }));
    } catch (error) {
      if (isApiFailure(error) && error.code === 'STAGE_NOT_EMPTY' && !target) {
        setMoveTo(pipeline.stages.find((s) => s.id !== stage.id)?.id ?? '');
        setDeleting(stage);
      } else {
        fail(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const addPipeline = pipelineForm.handleSubmit(async ({ name: text }) => {
    try {
      await createPipeline({ name: text }).unwrap();
      pipelineForm.reset({ name: '' });
      enqueueSnackbar(t('editor.pipelineAdded', { name: text }));
      onChanged();
    } catch (error) {
      fail(error);
    }
  });

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        maxWidth="md"
        fullWidth
        fullScreen={phone}
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`}>{t('editor.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('editor.pipelineName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => void saveName()}
              slotProps={{ htmlInput: { maxLength: PIPELINE_NAME_MAX } }}
            />
            <Typography component="h3" variant="subtitle1">
              {t('editor.stages')}
            </Typography>
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {pipeline.stages.map((stage, index) => (
                <StageRow
                  key={`${stage.id}:${stage.name}:${stage.probability}:${stage.rotDays}:${stage.kind}`}
                  stage={stage}
                  first={index === 0}
                  last={index === pipeline.stages.length - 1}
                  onPatch={(patch) => void patchStage(stage, patch)}
                  onMove={(delta) => void patchStage(stage, { index: index + delta })}
                  onDelete={() => void removeStage(stage)}
                />
              ))}
            </Stack>
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void addStage(event)}
              sx={{ display: 'flex', gap: 1 }}
            >
              <TextField
                size="small"
                label={t('editor.newStage')}
                {...stageForm.register('name')}
                error={Boolean(stageForm.formState.errors.name)}
                helperText={fieldErrorMessage(t, stageForm.formState.errors.name)}
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="outlined" disabled={!newStage.trim()}>
                {t('editor.addStage')}
              </Button>
            </Box>
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void addPipeline(event)}
              sx={{ display: 'flex', gap: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <TextField
                size="small"
                label={t('editor.newPipeline')}
                {...pipelineForm.register('name')}
                error={Boolean(pipelineForm.formState.errors.name)}
                helperText={fieldErrorMessage(t, pipelineForm.formState.errors.name)}
                slotProps={{ htmlInput: { maxLength: PIPELINE_NAME_MAX } }}
                sx={{ flex: 1, mt: 1 }}
              />
              <Button
                type="submit"
                variant="outlined"
                disabled={!newPipeline.trim()}
                sx={{ mt: 1 }}
              >
                {t('editor.addPipeline')}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('actions.done')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${id}-delete`}
      >
        <DialogTitle id={`${id}-delete`}>
          {t('editor.deleteTitle', { name: deleting ? stageName(t, deleting) : '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('editor.deleteText')}</DialogContentText>
          <TextField
            select
            fullWidth
            label={t('editor.moveTo')}
            value={moveTo}
            onChange={(event) => setMoveTo(event.target.value)}
          >
            {pipeline.stages
              .filter((s) => s.id !== deleting?.id)
              .map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {stageName(t, s)}
                </MenuItem>
              ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={() => setDeleting(null)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={busy}
            disabled={!moveTo}
            onClick={() => deleting && void removeStage(deleting, moveTo)}
          >
            {t('editor.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function StageRow({
  stage,
  first,
  last,
  onPatch,
  onMove,
  onDelete,
}: {
  stage: PipelineStage;
  first: boolean;
  last: boolean;
  onPatch: (patch: StagePatch) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('deals');
  const shown = stageName(t, stage);
  const [name, setName] = useState(shown);
  const [probability, setProbability] = useState(String(stage.probability));
  const [rotDays, setRotDays] = useState(stage.rotDays === null ? '' : String(stage.rotDays));
  // Whole numbers typed, held to the contract's rules of a stage.
  const probabilityValue = Number(probability);
  const probabilityOk =
    /^\d+$/.test(probability) && stageFields.probability.safeParse(probabilityValue).success;
  const rotOk =
    rotDays === '' ||
    (/^\d+$/.test(rotDays) && stageFields.rotDays.safeParse(Number(rotDays)).success);

  return (
    <Box
      component="li"
      aria-label={shown}
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 2fr) 110px 130px 150px auto' },
        pb: { xs: 1.5, md: 0 },
        borderBottom: { xs: 1, md: 0 },
        borderColor: 'divider',
      }}
    >
      <TextField
        size="small"
        label={t('editor.stageName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => {
          const text = name.trim();
          if (text && text !== shown) onPatch({ name: text });
          else setName(shown);
        }}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        size="small"
        label={t('editor.probability')}
        value={probability}
        error={!probabilityOk}
        onChange={(event) => setProbability(event.target.value)}
        onBlur={() => {
          if (probabilityOk && probabilityValue !== stage.probability)
            onPatch({ probability: probabilityValue });
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
      />
      <TextField
        select
        size="small"
        label={t('editor.kind')}
        value={stage.kind}
        onChange={(event) => onPatch({ kind: event.target.value as PipelineStage['kind'] })}
      >
        {dealStageKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('editor.rotDays')}
        value={rotDays}
        error={!rotOk}
        onChange={(event) => setRotDays(event.target.value)}
        onBlur={() => {
          const next = rotDays === '' ? null : Number(rotDays);
          if (rotOk && next !== stage.rotDays) onPatch({ rotDays: next });
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
      />
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-label={t('editor.moveUp', { name: shown })}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <span aria-hidden>↑</span>
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('editor.moveDown', { name: shown })}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <span aria-hidden>↓</span>
        </IconButton>
        <Button size="small" color="error" onClick={onDelete}>
          {t('editor.delete')}
        </Button>
      </Box>
    </Box>
  );
}
