import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileKind } from '@beacon/contract';

/** The text shown of a text file: its beginning (a preview, not an editor). */
const TEXT_PREVIEW_BYTES = 256 * 1024;

/** Kinds shown inline; others are downloaded. */
export const previewable = (kind: FileKind, mimeType: string) =>
  kind === 'image' ||
  kind === 'pdf' ||
  kind === 'audio' ||
  kind === 'video' ||
  kind === 'text' ||
  mimeType === 'text/csv';

/**
 * An inline preview of a file from its bytes: an image, a PDF in a sandboxed frame, an audio or
 * video player, the beginning of a text. SVG shows as an image (an `<img>` runs none of its
 * scripts), never as a page. Audio and video play from a stream address (`stream`) when there is
 * one, so the player fetches the ranges it plays rather than the whole file first.
 */
export function FilePreview({
  name,
  kind,
  mimeType,
  load,
  stream,
}: {
  name: string;
  kind: FileKind;
  mimeType: string;
  load: () => Promise<Blob>;
  /** A short-lived address of the bytes that needs no header (audio and video). */
  stream?: () => Promise<string>;
}) {
  const { t } = useTranslation('files');
  const [state, setState] = useState<{ url: string | null; text: string | null; failed: boolean }>({
    url: null,
    text: null,
    failed: false,
  });
  // Read once per file (the parent passes new functions at each render; a player whose address
  // changed would start again). A new file is a new preview (`key`).
  const sources = useRef({ load, stream });
  useEffect(() => {
    const { load, stream } = sources.current;
    let cancelled = false;
    let url: string | null = null;
    if (stream && (kind === 'audio' || kind === 'video')) {
      stream().then(
        (address) => !cancelled && setState({ url: address, text: null, failed: false }),
        () => !cancelled && setState({ url: null, text: null, failed: true }),
      );
      return () => {
        cancelled = true;
      };
    }
    load()
      .then(async (blob) => {
        if (cancelled) return;
        if (kind === 'text' || mimeType === 'text/csv') {
          const text = await blob.slice(0, TEXT_PREVIEW_BYTES).text();
          if (!cancelled) setState({ url: null, text, failed: false });
          return;
        }
        url = URL.createObjectURL(blob);
        setState({ url, text: null, failed: false });
      })
      .catch(() => !cancelled && setState({ url: null, text: null, failed: true }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [kind, mimeType]);

  if (state.failed) return <Typography color="error">{t('preview.failed')}</Typography>;
  if (state.text !== null) {
    return (
      <Box
        component="pre"
        data-testid="file-preview-text"
        dir="auto"
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          maxHeight: '70vh',
          overflow: 'auto',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {state.text}
      </Box>
    );
  }
  if (!state.url)
    return <Skeleton variant="rounded" height={360} aria-label={t('preview.loading')} />;
  switch (kind) {
    case 'image':
      return (
        <Box
          component="img"
          data-testid="file-preview-image"
          src={state.url}
          alt={name}
          sx={{
            display: 'block',
            maxWidth: 1,
            maxHeight: '70vh',
            mx: 'auto',
            objectFit: 'contain',
          }}
        />
      );
    case 'pdf':
      return (
        <Box
          component="iframe"
          data-testid="file-preview-pdf"
          title={name}
          src={state.url}
          sandbox="allow-scripts"
          sx={{ border: 0, width: 1, height: '70vh', bgcolor: 'background.neutral' }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          data-testid="file-preview-audio"
          controls
          src={state.url}
          sx={{ width: 1 }}
          aria-label={name}
        />
      );
    case 'video':
      return (
        <Box
          component="video"
          data-testid="file-preview-video"
          controls
          src={state.url}
          sx={{ width: 1, maxHeight: '70vh' }}
          aria-label={name}
        />
      );
    default:
      return <Typography color="text.secondary">{t('preview.none')}</Typography>;
  }
}
