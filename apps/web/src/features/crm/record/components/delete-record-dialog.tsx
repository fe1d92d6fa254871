import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../../components/snackbar/index.ts';
import { callErrorText } from '../utils/call-error.ts';

export interface DeleteRecordDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** Deletes the record on the server. */
  remove: () => Promise<unknown>;
  /** Said once it is gone, on the way to `backTo`. */
  deletedText: string;
  backTo: string;
}

/** Asks before deleting the record of the page; once deleted, goes back to its table. */
export function DeleteRecordDialog({
  open,
  onClose,
  title,
  text,
  remove,
  deletedText,
  backTo,
}: DeleteRecordDialogProps) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title={title}
      text={text}
      confirmLabel={t('actions.delete')}
      busy={busy}
      onClose={onClose}
      onConfirm={() => {
        setBusy(true);
        remove().then(
          () => {
            enqueueSnackbar(deletedText);
            void navigate(backTo, { replace: true });
          },
          (error: unknown) => {
            setBusy(false);
            onClose();
            enqueueSnackbar(callErrorText(t, error), { variant: 'error' });
          },
        );
      }}
    />
  );
}
