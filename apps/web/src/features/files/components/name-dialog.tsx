import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FILE_NAME_MAX } from '@beacon/contract/values';

export interface NameDialogProps {
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, worded. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a name (a new folder, a rename): any characters, shown as typed. */
export function NameDialog({
  title,
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation('files');
  const [name, setName] = useState(initial);
  const empty = name.trim() === '';
  const long = name.length > FILE_NAME_MAX;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!empty && !long) onSubmit(name);
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error) || long}
            helperText={long ? t('errors.nameTooLong', { max: FILE_NAME_MAX }) : error}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={empty || long || busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
