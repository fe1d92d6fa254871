import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { newListSchema, type ListKind, type RecordList } from '@beacon/contract';
import { callErrorText } from '../record/utils/call-error.ts';
import { validateField } from '../record/utils/validate.ts';

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
  const [values, setValues] = useState<ListFormValues>({
    name: '',
    kind: defaultKind,
    description: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ListFormValues | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues({
      name: list?.name ?? '',
      kind: list?.kind ?? defaultKind,
      description: list?.description ?? '',
    });
    setErrors({});
  }, [open, list, defaultKind]);

  const submit = async () => {
    const shape = newListSchema.shape;
    const name = validateField(t, 'name', shape.name, values.name);
    const description = validateField(t, 'description', shape.description, values.description);
    if (name || description) {
      setErrors({ name: name ?? undefined, description: description ?? undefined });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSubmit({
        ...values,
        name: values.name.trim(),
        description: values.description.trim(),
      });
    } catch (error) {
      setErrors({
        name: callErrorText(t, error, 'name'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={id}>{list ? t('lists.renameTitle') : t('lists.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={t('fields.name')}
              value={values.name}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
            />
            {!list && (
              <TextField
                select
                label={t('lists.kind')}
                value={values.kind}
                onChange={(event) => setValues({ ...values, kind: event.target.value as ListKind })}
              >
                <MenuItem value="people">{t('lists.kinds.people')}</MenuItem>
                <MenuItem value="companies">{t('lists.kinds.companies')}</MenuItem>
              </TextField>
            )}
            <TextField
              label={t('fields.description')}
              value={values.description}
              multiline
              minRows={2}
              error={Boolean(errors.description)}
              helperText={errors.description}
              onChange={(event) => setValues({ ...values, description: event.target.value })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {list ? t('actions.save') : t('actions.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
