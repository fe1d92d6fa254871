import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { MailAttachment } from '@beacon/contract';
import { fetchMailAttachment, fetchRemoteImage } from '../api/mail-api.ts';
import {
  applyFrameStyles,
  frameDocument,
  inlineImageIds,
  remoteImageUrls,
} from '../utils/mail-html.ts';

/** Inline images above this size are not put in the frame (they stay downloadable). */
const INLINE_MAX_BYTES = 5 * 1024 * 1024;

/** A fetched image as a `data:` address (raster images only; anything else is left out). */
async function asDataUrl(blob: Blob): Promise<string> {
  const type = blob.type.split(';')[0]!.trim().toLowerCase();
  if (!/^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/.test(type)) {
    throw new Error('Not a raster image');
  }
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * A received mail's HTML in a sandboxed frame (docs/decisions/059-mail-app.md): no
 * `allow-scripts`, so nothing in it runs, whatever got through; `allow-same-origin` only so the
 * page can measure its height; `allow-popups` so its links open in a new tab. The document's
 * Content-Security-Policy blocks scripts and every request but `data:` images (and remote images
 * once the reader allowed them). Inline `cid:` images are fetched with the member's token and put
 * in as `data:` addresses.
 */
export function MailFrame({
  mailId,
  html,
  title,
  showRemoteImages,
  attachments,
}: {
  mailId: string;
  html: string;
  title: string;
  showRemoteImages: boolean;
  attachments: MailAttachment[];
}) {
  const theme = useTheme();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const [inline, setInline] = useState<Record<string, string>>({});
  const [remote, setRemote] = useState<Record<string, string>>({});
  const wanted = useMemo(() => {
    const sizes = new Map(attachments.map((a) => [a.id, a.size]));
    return inlineImageIds(html).filter(
      (id) => (sizes.get(id) ?? 0) <= INLINE_MAX_BYTES && sizes.has(id),
    );
  }, [html, attachments]);

  useEffect(() => {
    let cancelled = false;
    if (wanted.length === 0) return;
    void Promise.all(
      wanted.map(async (id) => {
        try {
          return [id, await asDataUrl(await fetchMailAttachment(id))] as const;
        } catch {
          return null;
        }
      }),
    ).then((entries) => {
      if (cancelled) return;
      setInline(
        Object.fromEntries(entries.filter((e): e is readonly [string, string] => e !== null)),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  // Allowed: the remote images come through the server, as `data:` addresses.
  useEffect(() => {
    if (!showRemoteImages) return;
    let cancelled = false;
    void Promise.all(
      remoteImageUrls(html).map(async (url) => {
        try {
          return [url, await asDataUrl(await fetchRemoteImage(mailId, url))] as const;
        } catch {
          return null;
        }
      }),
    ).then((entries) => {
      if (cancelled) return;
      setRemote(
        Object.fromEntries(entries.filter((e): e is readonly [string, string] => e !== null)),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [html, mailId, showRemoteImages]);

  const { doc, css } = useMemo(
    () =>
      frameDocument(html, {
        showRemoteImages,
        remoteImages: remote,
        inlineImages: inline,
        dark: theme.palette.mode === 'dark',
        dir: 'auto',
      }),
    [html, showRemoteImages, remote, inline, theme.palette.mode],
  );
  const cssRef = useRef(css);
  cssRef.current = css;

  // The frame grows with its document (images loading, a narrower screen).
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const body = node.contentDocument?.documentElement;
      if (body) setHeight(Math.max(60, Math.ceil(body.scrollHeight) + 4));
    };
    const onLoad = () => {
      applyFrameStyles(node, cssRef.current);
      measure();
      const body = node.contentDocument?.body;
      if (body && typeof ResizeObserver !== 'undefined') {
        observer?.disconnect();
        observer = new ResizeObserver(measure);
        observer.observe(body);
      }
    };
    node.addEventListener('load', onLoad);
    return () => {
      node.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, []);

  return (
    <Box
      component="iframe"
      ref={frame}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={doc}
      data-testid="mail-frame"
      sx={{ display: 'block', width: '100%', height, border: 0, bgcolor: 'transparent' }}
    />
  );
}
