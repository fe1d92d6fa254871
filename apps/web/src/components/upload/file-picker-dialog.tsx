import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { sendRaw } from '../../lib/raw-request.ts';
import { formatBytes } from '../../utils/bytes.ts';
import type { DroppedFile } from './dropped-files.ts';
import { FromFilesTab, type PickedFile } from './from-files-tab.tsx';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { UploadList } from './upload-list.tsx';
import { UPLOADS_ENDPOINT, useUploadQueue, type UploadTransport } from './upload-queue.ts';
import { useUploadTransport } from './upload-transport.ts';

export type { PickedFile };

/** A file the picker sent: the stored file's id (a finished upload of `/api/uploads`) and the file. */
export interface PickedUpload {
  uploadId: string;
  name: string;
  relativePath: string;
  size: number;
  type: string;
}

/** What the member picked: files sent from their device, and files of the files manager. */
export interface Picked {
  uploads: PickedUpload[];
  files: PickedFile[];
}

export interface FilePickerDialogProps {
  open: boolean;
  title?: string;
  /** Several files (default) or one. */
  multiple?: boolean;
  accept?: string;
  /** Sends the files; the nearest `UploadTransportContext`'s (tus) when left out. */
  transport?: UploadTransport;
  /** The area's limit per file: larger files are refused before they are sent, and not offered. */
  maxBytes?: number;
  /** How many files the area takes at once, from both tabs together. */
  maxFiles?: number;
  /** Offer the files of the files manager ("From files"). On by default. */
  fromFiles?: boolean;
  onClose: () => void;
  /**
   * The files picked, when the member confirms: the area attaches them (the uploads by their ids,
   * the files manager's files as copies). The dialog waits for it and closes when it resolves; when
   * it throws, the error's message (the area's own words) shows in the dialog, which stays open.
   */
  onPicked: (picked: Picked) => void | Promise<void>;
}

type Source = 'device' | 'files';

/**
 * Deletes a finished upload no record took (`DELETE /api/uploads/:id`); when that fails, the
 * server's daily cleanup takes it.
 */
function discard(upload: PickedUpload) {
  void sendRaw(`${UPLOADS_ENDPOINT}/${encodeURIComponent(upload.uploadId)}`, {
    method: 'DELETE',
  }).catch(() => undefined);
}

/**
 * The file picker every area that takes files opens (a card's attachments, a chat message's): files
 * are dropped or chosen, sent with the shared upload queue (resumable, with progress and retry),
 * or picked among the member's files of the files manager; all are handed over together when the
 * member confirms (docs/decisions/065-files-where-used.md). Uploads sent but not used go when the
 * picker is closed.
 */
export function FilePickerDialog({
  open,
  title,
  multiple = true,
  accept,
  transport,
  maxBytes,
  maxFiles,
  fromFiles = true,
  onClose,
  onPicked,
}: FilePickerDialogProps) {
  const { t, i18n } = useTranslation('common');
  const locale = i18n.resolvedLanguage ?? 'en';
  const contextual = useUploadTransport();
  /** The finished uploads, by their queue entry's key. */
  const uploaded = useRef(new Map<string, PickedUpload>());
  const [uploadCount, setUploadCount] = useState(0);
  const [files, setFiles] = useState<ReadonlyMap<string, PickedFile>>(new Map());
  const [source, setSource] = useState<Source>('device');
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [attaching, setAttaching] = useState(false);
  const queue = useUploadQueue({
    transport: transport ?? contextual,
    onUploaded: async (entry, uploadId) => {
      uploaded.current.set(entry.key, {
        uploadId,
        name: entry.file.name,
        relativePath: entry.relativePath,
        size: entry.file.size,
        type: entry.file.type,
      });
      setUploadCount(uploaded.current.size);
    },
  });
  const limit = multiple ? (maxFiles ?? Infinity) : 1;
  // What is picked or on its way: every upload not failed, and the files chosen.
  const sending = queue.entries.filter((e) => e.status !== 'failed').length;
  const taken = sending + files.size;
  const count = uploadCount + files.size;
  const full = taken >= limit;

  const reset = () => {
    uploaded.current = new Map();
    setUploadCount(0);
    setFiles(new Map());
    setRefused([]);
    setError(null);
    setSource('device');
    // Stops what is still being sent, and empties the list for the next opening.
    for (const entry of queue.entries) queue.cancel(entry.key);
  };
  const close = () => {
    // Sent but not used: gone now rather than a day later.
    for (const upload of uploaded.current.values()) discard(upload);
    reset();
    onClose();
  };
  /** Takes a finished upload back out of the pick. */
  const remove = (key: string) => {
    const upload = uploaded.current.get(key);
    if (upload) discard(upload);
    uploaded.current.delete(key);
    setUploadCount(uploaded.current.size);
    setError(null);
    queue.cancel(key);
  };

  const add = (dropped: DroppedFile[]) => {
    const reasons: string[] = [];
    const accepted: DroppedFile[] = [];
    let room = limit - taken;
    for (const item of dropped) {
      if (maxBytes !== undefined && item.file.size > maxBytes) {
        reasons.push(
          t('upload.tooLarge', { name: item.file.name, size: formatBytes(maxBytes, locale) }),
        );
      } else if (item.file.size === 0) {
        reasons.push(t('upload.empty', { name: item.file.name }));
      } else if (room <= 0) {
        reasons.push(t('upload.tooMany', { name: item.file.name, count: limit }));
      } else {
        accepted.push(item);
        room -= 1;
      }
    }
    setRefused(reasons);
    setError(null);
    if (accepted.length > 0) queue.add(accepted);
  };

  const toggle = (file: PickedFile) => {
    setError(null);
    setFiles((current) => {
      if (current.has(file.fileId)) {
        const next = new Map(current);
        next.delete(file.fileId);
        return next;
      }
      // One file only: a file picked replaces the one picked before, unless one was sent.
      if (!multiple) return sending === 0 ? new Map([[file.fileId, file]]) : current;
      return sending + current.size < limit ? new Map(current).set(file.fileId, file) : current;
    });
  };

  const confirm = async () => {
    setAttaching(true);
    setError(null);
    try {
      await onPicked({ uploads: [...uploaded.current.values()], files: [...files.values()] });
      // Used: the area holds them now, nothing to discard.
      reset();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setAttaching(false);
    }
  };

  return (
    <Dialog open={open} onClose={attaching ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{title ?? t('upload.pickerTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fromFiles && (
            <Tabs
              value={source}
              onChange={(_event, value: Source) => setSource(value)}
              aria-label={t('upload.sources')}
              variant="fullWidth"
            >
              <Tab value="device" label={t('upload.fromDevice')} />
              <Tab value="files" label={t('upload.fromFiles')} />
            </Tabs>
          )}
          {source === 'device' ? (
            <>
              <UploadDropZone
                accept={accept}
                disabled={full || attaching}
                onFiles={(dropped) => add(multiple ? dropped : dropped.slice(0, 1))}
              />
              <UploadList
                entries={queue.entries}
                overall={queue.overall}
                onRetry={queue.retry}
                onCancel={queue.cancel}
                onRemove={remove}
              />
            </>
          ) : (
            <FromFilesTab picked={files} onToggle={toggle} maxBytes={maxBytes} full={full} />
          )}
          {refused.length > 0 && (
            <Alert severity="warning" onClose={() => setRefused([])}>
              {refused.map((reason) => (
                <div key={reason}>{reason}</div>
              ))}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={attaching}>
          {t('upload.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={count === 0 || queue.overall.active || attaching}
          onClick={() => void confirm()}
        >
          {attaching ? t('upload.attaching') : t('upload.usePicked', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
