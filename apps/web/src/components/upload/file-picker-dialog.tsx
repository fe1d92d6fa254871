import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploadQueue, type UploadTransport } from './upload-queue.ts';

/** A file the picker sent: the stored file's id (a finished upload of `/api/uploads`) and the file. */
export interface PickedUpload {
  uploadId: string;
  name: string;
  relativePath: string;
  size: number;
  type: string;
}

export interface FilePickerDialogProps {
  open: boolean;
  title?: string;
  /** Several files (default) or one. */
  multiple?: boolean;
  accept?: string;
  transport?: UploadTransport;
  onClose: () => void;
  /** The uploads that finished, when the member confirms; the area attaches them where it wants. */
  onPicked: (uploads: PickedUpload[]) => void;
}

/**
 * The file picker other areas open to take files (a card's attachments, a product's pictures):
 * files are dropped or chosen, sent with the shared upload queue, and handed over when done.
 */
export function FilePickerDialog({
  open,
  title,
  multiple = true,
  accept,
  transport,
  onClose,
  onPicked,
}: FilePickerDialogProps) {
  const { t } = useTranslation('common');
  const picked = useRef<PickedUpload[]>([]);
  const [count, setCount] = useState(0);
  const queue = useUploadQueue({
    ...(transport ? { transport } : {}),
    onUploaded: async (entry, uploadId) => {
      picked.current.push({
        uploadId,
        name: entry.file.name,
        relativePath: entry.relativePath,
        size: entry.file.size,
        type: entry.file.type,
      });
      setCount(picked.current.length);
    },
  });
  const close = () => {
    picked.current = [];
    setCount(0);
    queue.clearFinished();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title ?? t('upload.pickerTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <UploadDropZone
            accept={accept}
            disabled={!multiple && queue.overall.count > 0}
            onFiles={(files) => queue.add(multiple ? files : files.slice(0, 1))}
          />
          <UploadList
            entries={queue.entries}
            overall={queue.overall}
            onRetry={queue.retry}
            onCancel={queue.cancel}
            onClear={queue.clearFinished}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('upload.cancel')}</Button>
        <Button
          variant="contained"
          disabled={count === 0 || queue.overall.active}
          onClick={() => {
            onPicked([...picked.current]);
            close();
          }}
        >
          {t('upload.usePicked', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
