import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export const LOST_REASON_MAX = 500;

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const text = reason.trim();
    if (!text) {
      setError(t('lost.required'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text);
      setReason('');
      setError(null);
    } catch {
      // The caller tells what went wrong; the dialog keeps the reason for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('lost.title', { name: dealName })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('lost.text', { stage: stageName })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            required
            label={t('lost.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: LOST_REASON_MAX } }}
          />
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
