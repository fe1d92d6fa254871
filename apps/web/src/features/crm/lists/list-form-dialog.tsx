import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { newListSchema, type ListKind, type RecordList } from '@beacon/contract';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import { callErrorText } from '../record/utils/call-error.ts';

export interface ListFormValues {
  name: string;
  kind: ListKind;
  description: string;
}

export interface ListFormDialogProps {
  open: boolean;
  /** Renaming this list; creating one when absent. */
  list?: RecordList | null;
  defaultKind: ListKind;
  onSubmit: (values: ListFormValues) => Promise<void>;
  onClose: () => void;
}

type ListFormInput = z.input<typeof newListSchema>;

/** The schema's limits, for "at most N characters". */
const LIMITS = {
  name: newListSchema.shape.name.maxLength,
  description: newListSchema.shape.description.unwrap().maxLength,
};

/** A field's message: the shared words, and "at most N characters" with the schema's limit. */
function listFieldMessage(
  t: TFunction,
  field: 'name' | 'description',
  error: FieldError | undefined,
): string | undefined {
  if (error?.type === 'too_big') {
    return t('records:validation.tooLong', { max: LIMITS[field] });
  }
  return fieldErrorMessage(t, error, { too_small: 'records:validation.required' });
}

/** Creates a list (name, kind, description), or renames one. */
export function ListFormDialog({
  open,
  list,
  defaultKind,
  onSubmit,
  onClose,
}: ListFormDialogProps) {
  const { t } = useTranslation('records');
  const id = useId();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ListFormInput, unknown, ListFormValues>({
    resolver: zodResolver(newListSchema),
    defaultValues: { name: '', kind: defaultKind, description: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({
      name: list?.name ?? '',
      kind: list?.kind ?? defaultKind,
      description: list?.description ?? '',
    });
  }, [open, list, defaultKind, reset]);

  const submit = async (values: ListFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The server's refusal is worded by the records namespace, shown under the name.
      setError('name', { type: 'server', message: callErrorText(t, error, 'name') });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={id}>{list ? t('lists.renameTitle') : t('lists.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Controller
              name="name"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('fields.name')}
                  required
                  autoFocus
                  error={Boolean(errors.name)}
                  helperText={listFieldMessage(t, 'name', errors.name)}
                />
              )}
            />
            {!list && (
              <Controller
                name="kind"
                control={control}
                render={({ field }) => (
                  <TextField select {...field} label={t('lists.kind')}>
                    <MenuItem value="people">{t('lists.kinds.people')}</MenuItem>
                    <MenuItem value="companies">{t('lists.kinds.companies')}</MenuItem>
                  </TextField>
                )}
              />
            )}
            <Controller
              name="description"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('fields.description')}
                  multiline
                  minRows={2}
                  error={Boolean(errors.description)}
                  helperText={listFieldMessage(t, 'description', errors.description)}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {list ? t('actions.save') : t('actions.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
