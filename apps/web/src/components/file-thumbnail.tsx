import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { THUMBNAIL_RETRY_DELAYS_MS, thumbnailObjectUrl } from '../lib/thumbnails.ts';

export type ThumbnailState = { status: 'loading' | 'none' } | { status: 'ready'; url: string };

/**
 * The thumbnail of a stored file at `address` (null: the file has none): loading while it is
 * fetched (or still being made: tried again after each of `retryDelays`), then ready with an
 * object URL, or none when there is none.
 */
export function useThumbnail(
  address: string | null | undefined,
  retryDelays: readonly number[] = THUMBNAIL_RETRY_DELAYS_MS,
): ThumbnailState {
  const [state, setState] = useState<{ address: string; state: ThumbnailState } | null>(null);
  useEffect(() => {
    if (!address) return;
    let live = true;
    thumbnailObjectUrl(address, retryDelays).then(
      (url) => live && setState({ address, state: { status: 'ready', url } }),
      () => live && setState({ address, state: { status: 'none' } }),
    );
    return () => {
      live = false;
    };
    // The delays are read once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);
  if (!address) return { status: 'none' };
  return state?.address === address ? state.state : { status: 'loading' };
}

export interface FileThumbnailProps {
  /** The file's thumbnail address (`previewUrl` of an attachment), or null when it has none. */
  address: string | null;
  /** Shown while there is no thumbnail (loading, or none): the file type's icon. */
  fallback: ReactNode;
  size: number;
}

/**
 * A square thumbnail of a file in a list: its image (cropped to the square) once it is there,
 * the type's icon until then or when it has none. Decorative: the file's name is next to it.
 */
export function FileThumbnail({ address, fallback, size }: FileThumbnailProps) {
  const thumbnail = useThumbnail(address);
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        borderRadius: 1,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.neutral',
        color: 'text.secondary',
        flexShrink: 0,
      }}
    >
      {thumbnail.status === 'ready' ? (
        <Box
          component="img"
          src={thumbnail.url}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        fallback
      )}
    </Box>
  );
}
