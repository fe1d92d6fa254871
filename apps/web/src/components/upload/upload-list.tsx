import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../utils/bytes.ts';
import { CloseIcon } from '../icons.tsx';
import { FileIcon, ResetIcon } from '../shell-icons.tsx';
import type { UploadEntry } from './upload-queue.ts';

/** A thumbnail of an image about to be sent, from the file itself (nothing leaves for it). */
function LocalPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || file.size > 20 * 1024 * 1024) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Box
      sx={{
        width: 40,
        height: 40,
        flexShrink: 0,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      {url ? (
        <Box component="img" src={url} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
      ) : (
        <FileIcon fontSize="small" aria-hidden />
      )}
    </Box>
  );
}

export interface UploadListProps {
  entries: UploadEntry[];
  overall: { total: number; sent: number; done: number; failed: number; count: number };
  onRetry: (key: string) => void;
  onCancel: (key: string) => void;
  /** Clears the finished entries from the list; no such button without it. */
  onClear?: () => void;
  /** Takes a finished file back out (a picker's choice): a button on each finished entry. */
  onRemove?: (key: string) => void;
}

/** The uploads under way: the overall progress, then each file's, with retry and cancel. */
export function UploadList({
  entries,
  overall,
  onRetry,
  onCancel,
  onClear,
  onRemove,
}: UploadListProps) {
  const { t, i18n } = useTranslation('common');
  if (entries.length === 0) return null;
  const percent = overall.total === 0 ? 100 : Math.round((overall.sent / overall.total) * 100);
  return (
    <Box
      data-testid="upload-list"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }} aria-live="polite">
          {t('upload.overall', { done: overall.done, total: overall.count })}
          {overall.failed > 0 && ` · ${t('upload.failedCount', { count: overall.failed })}`}
        </Typography>
        {onClear && (
          <Button size="small" onClick={onClear} disabled={overall.done === 0}>
            {t('upload.clear')}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('upload.overallLabel')}
        data-testid="upload-overall-progress"
        sx={{ mb: 2, height: 6, borderRadius: 3 }}
      />
      <Stack spacing={1.5} sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {entries.map((entry) => {
          const value =
            entry.file.size === 0 ? 100 : Math.round((entry.sent / entry.file.size) * 100);
          return (
            <Stack
              key={entry.key}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center' }}
              data-testid="upload-entry"
              data-status={entry.status}
            >
              <LocalPreview file={entry.file} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  <bdi>{entry.relativePath}</bdi>
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={entry.status === 'done' ? 100 : value}
                  color={
                    entry.status === 'failed'
                      ? 'error'
                      : entry.status === 'done'
                        ? 'success'
                        : 'primary'
                  }
                  aria-label={entry.relativePath}
                  sx={{ my: 0.5, height: 4, borderRadius: 2 }}
                />
                <Typography
                  variant="caption"
                  color={entry.status === 'failed' ? 'error' : 'text.secondary'}
                >
                  {entry.status === 'failed'
                    ? (entry.error ?? t('upload.failed'))
                    : `${t(`upload.status.${entry.status}`)} · ${formatBytes(entry.file.size, i18n.language)}`}
                </Typography>
              </Box>
              {entry.status === 'failed' && (
                <IconButton
                  size="small"
                  aria-label={t('upload.retry')}
                  onClick={() => onRetry(entry.key)}
                >
                  <ResetIcon fontSize="small" />
                </IconButton>
              )}
              {entry.status !== 'done' && (
                <IconButton
                  size="small"
                  aria-label={t('upload.cancel')}
                  onClick={() => onCancel(entry.key)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
              {entry.status === 'done' && onRemove && (
                <IconButton
                  size="small"
                  aria-label={t('upload.remove', { name: entry.relativePath })}
                  onClick={() => onRemove(entry.key)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
