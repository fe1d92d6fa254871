import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '@beacon/contract';
import { useThumbnail } from '../../../components/file-thumbnail.tsx';
import { FileIcon } from '../../../components/shell-icons.tsx';
import { saveFile } from '../../../utils/save-file.ts';
import { fetchAttachment } from '../api/chat-api.ts';

const PREVIEW = 220;

/**
 * An attachment of a message: an image (by its content, as the server found it) is shown by its
 * thumbnail, or by its own bytes when it has none yet (an animated GIF always by its own bytes, so it
 * moves), each fetched with the member's token; any other file is a chip that downloads it.
 */
export function ChatAttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useTranslation('chat');
  const thumbnailAddress =
    attachment.isImage && attachment.mimeType !== 'image/gif' ? attachment.previewUrl : null;
  // No waiting for a thumbnail still being made: the image itself is shown at once instead.
  const thumbnail = useThumbnail(thumbnailAddress, []);
  // The file itself when there is no thumbnail to show.
  const wholeImage = attachment.isImage && thumbnail.status === 'none';
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!wholeImage) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchAttachment(attachment.id)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.id, wholeImage]);

  const shown = thumbnail.status === 'ready' ? thumbnail.url : url;
  const download = async () => {
    const blob = await fetchAttachment(attachment.id);
    saveFile(blob, attachment.name);
  };

  if (attachment.isImage && !failed) {
    return shown ? (
      <Box
        component="img"
        src={shown}
        alt={attachment.name}
        sx={{
          display: 'block',
          maxWidth: '100%',
          width: PREVIEW,
          height: PREVIEW,
          objectFit: 'cover',
          borderRadius: 1.5,
          cursor: 'pointer',
        }}
        onClick={() => void download()}
      />
    ) : (
      <Skeleton variant="rounded" width={PREVIEW} height={PREVIEW} aria-label={t('loading')} />
    );
  }
  return (
    <Chip
      icon={<FileIcon />}
      label={`${attachment.name} · ${formatSize(attachment.size)}`}
      onClick={() => void download()}
      variant="outlined"
      sx={{ maxWidth: '100%' }}
    />
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
