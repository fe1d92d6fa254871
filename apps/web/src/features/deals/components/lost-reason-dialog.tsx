import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { dealFields, dealLostReasons } from '@beacon/contract';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';

const OTHER = 'other';

/**
 * The dialog's form: a standard reason (saved as its key, worded in every reader's language) or
 * another one written out (the contract's lost reason field: its length limit, and required).
 */
const lostReasonFormSchema = z
  .object({
    choice: z.enum([...dealLostReasons, OTHER]),
    text: dealFields.lostReason,
  })
  .superRefine((value, context) => {
    if (value.choice === OTHER && !value.text.trim()) {
      context.addIssue({ code: 'custom', path: ['text'], message: 'Required' });
    }
  });
type LostReasonForm = z.infer<typeof lostReasonFormSchema>;

const empty: LostReasonForm = { choice: OTHER, text: '' };

export interface LostReasonDialogProps {
  open: boolean;
  dealName: string;
  stageName: string;
  /** Saves the move with the reason; the dialog closes when it resolves and stays on failure. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Moving a deal to a lost stage asks why (the reason is required, issue 9). */
export function LostReasonDialog({
  open,
  dealName,
  stageName,
  onConfirm,
  onClose,
}: LostReasonDialogProps) {
  const { t } = useTranslation('deals');
  const id = useId();
  const form = useForm<LostReasonForm>({
    resolver: zodResolver(lostReasonFormSchema),
    defaultValues: empty,
  });
  const { control, handleSubmit, reset, watch } = form;
  // Busy while saving only (not while checking the form, so a second try is never swallowed).
  const [busy, setBusy] = useState(false);
  const choice = watch('choice');

  const close = () => {
    if (busy) return;
    reset(empty);
    onClose();
  };

  const submit = handleSubmit(async (value) => {
    setBusy(true);
    try {
      await onConfirm(value.choice === OTHER ? value.text.trim() : value.choice);
      reset(empty);
    } catch {
      // The caller tells what went wrong; the dialog keeps the reason for another try.
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{t('lost.title', { name: dealName })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('lost.text', { stage: stageName })}
          </DialogContentText>
          <Controller
            control={control}
            name="choice"
            render={({ field }) => (
              <TextField select fullWidth label={t('lost.choice')} {...field} sx={{ mb: 2 }}>
                {dealLostReasons.map((reason) => (
                  <MenuItem key={reason} value={reason}>
                    {t(`lostReasons.${reason}`)}
                  </MenuItem>
                ))}
                <MenuItem value={OTHER}>{t('lost.other')}</MenuItem>
              </TextField>
            )}
          />
          {choice === OTHER && (
            <Controller
              control={control}
              name="text"
              render={({ field, fieldState }) => (
                <TextField
                  autoFocus
                  fullWidth
                  multiline
                  minRows={2}
                  required
                  label={t('lost.reason')}
                  {...field}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldErrorMessage(t, fieldState.error, { custom: 'deals:lost.required' }) ?? ' '
                  }
                />
              )}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={close} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" loading={busy}>
            {t('lost.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
