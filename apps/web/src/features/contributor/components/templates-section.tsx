import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  newTemplateSchema,
  templateVariables,
  type EmailTemplate,
  type NewTemplate,
} from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import {
  useTemplateCreateMutation,
  useTemplateDeleteMutation,
  useTemplatePatchMutation,
  useTemplatesQuery,
} from '../api/contributor-api.ts';
import { PanelSection } from './panel-section.tsx';

const FIELDS = ['kind', 'name', 'subject', 'body'] as const;

/** E-mail templates and snippets: add, change and delete (admins and contributors). */
export function TemplatesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('panels');
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useTemplatesQuery();
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [remove, removal] = useTemplateDeleteMutation();

  return (
    <PanelSection
      id="templates"
      wide
      title={t('templates.title')}
      hint={t('templates.hint', { example: '{{firstName}}' })}
      action={
        canEdit && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('templates.add')}
          </Button>
        )
      }
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      empty={data && data.length === 0 ? t('templates.empty') : null}
    >
      <List aria-labelledby="templates-heading" sx={{ px: 1, pb: 2 }}>
        {(data ?? []).map((template) => (
          <ListItem
            key={template.id}
            divider
            secondaryAction={
              canEdit && (
                <Stack direction="row" spacing={0.5}>
                  <Button size="small" onClick={() => setEditing(template)}>
                    {t('edit')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(template)}>
                    {t('delete')}
                  </Button>
                </Stack>
              )
            }
            sx={{ pr: canEdit ? 20 : 2 }}
          >
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip
                    size="small"
                    label={t(`templates.kinds.${template.kind}`)}
                    variant={template.kind === 'template' ? 'filled' : 'outlined'}
                  />
                  <Typography
                    component="span"
                    variant="subtitle2"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {template.name}
                  </Typography>
                </Stack>
              }
              secondary={template.subject || template.body.split('\n')[0]}
              slotProps={{ secondary: { noWrap: true, dir: 'auto' } }}
            />
          </ListItem>
        ))}
      </List>
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('templates.deleteTitle')}
        text={t('templates.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={removal.isLoading}
        onConfirm={() =>
          deleting &&
          void remove(deleting.id)
            .unwrap()
            .then(() => setDeleting(null))
            .catch((failure: unknown) =>
              enqueueSnackbar(areaErrorText(t, 'panels', failure), { variant: 'error' }),
            )
        }
        onClose={() => setDeleting(null)}
      />
    </PanelSection>
  );
}

function TemplateDialog({
  template,
  onClose,
}: {
  template: EmailTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('panels');
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [create, creation] = useTemplateCreateMutation();
  const [patch, change] = useTemplatePatchMutation();
  const form = useForm<NewTemplate>({
    resolver: zodResolver(newTemplateSchema),
    defaultValues: template
      ? { kind: template.kind, name: template.name, subject: template.subject, body: template.body }
      : { kind: 'template', name: '', subject: '', body: '' },
  });
  const kind = form.watch('kind');
  const errorText = (error: Parameters<typeof fieldErrorMessage>[1]) =>
    fieldErrorMessage(t, error, { custom: 'panels:templates.unknownVariable' });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (template) {
        await patch({
          id: template.id,
          patch: { name: values.name, subject: values.subject, body: values.body },
        }).unwrap();
      } else {
        await create(values).unwrap();
      }
      enqueueSnackbar(t('templates.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      const failure = isApiFailure(error) ? error : undefined;
      if (!applyServerFieldErrors(form.setError, failure, FIELDS)) {
        enqueueSnackbar(areaErrorText(t, 'panels', error), { variant: 'error' });
      }
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{template ? t('templates.editTitle') : t('templates.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="kind"
              select
              label={t('templates.kind')}
              errorText={errorText}
              disabled={Boolean(template)}
            >
              <MenuItem value="template">{t('templates.kinds.template')}</MenuItem>
              <MenuItem value="snippet">{t('templates.kinds.snippet')}</MenuItem>
            </FormTextField>
            <FormTextField
              control={form.control}
              name="name"
              label={t('templates.name')}
              errorText={errorText}
              required
            />
            {kind === 'template' && (
              <FormTextField
                control={form.control}
                name="subject"
                label={t('templates.subject')}
                errorText={errorText}
              />
            )}
            <FormTextField
              control={form.control}
              name="body"
              label={t('templates.body')}
              errorText={errorText}
              required
              multiline
              minRows={6}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('templates.variables')}{' '}
              <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {templateVariables.map((name) => `{{${name}}}`).join(' ')}
              </Box>
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={creation.isLoading || change.isLoading}
          >
            {t('save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
