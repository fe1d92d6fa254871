import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { MailAttachment } from '@beacon/contract';
import { fetchMailAttachment } from '../api/mail-api.ts';
import { frameDocument, inlineImageIds } from '../utils/mail-html.ts';

/** Inline images above this size are not put in the frame (they stay downloadable). */
const INLINE_MAX_BYTES = 5 * 1024 * 1024;

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * A received mail's HTML in a sandboxed frame (docs/decisions/059-mail-app.md): no
 * `allow-scripts`, so nothing in it runs, whatever got through; `allow-same-origin` only so the
 * page can measure its height; `allow-popups` so its links open in a new tab. The document's
 * Content-Security-Policy blocks scripts and every request but `data:` images (and remote images
 * once the reader allowed them). Inline `cid:` images are fetched with the member's token and put
 * in as `data:` addresses.
 */
export function MailFrame({
  html,
  title,
  showRemoteImages,
  attachments,
}: {
  html: string;
  title: string;
  showRemoteImages: boolean;
  attachments: MailAttachment[];
}) {
  const theme = useTheme();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const [inline, setInline] = useState<Record<string, string>>({});
  const wanted = useMemo(() => {
    const sizes = new Map(attachments.map((a) => [a.id, a.size]));
    return inlineImageIds(html).filter((id) => (sizes.get(id) ?? 0) <= INLINE_MAX_BYTES && sizes.has(id));
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
      setInline(Object.fromEntries(entries.filter((e): e is readonly [string, string] => e !== null)));
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  const doc = useMemo(
    () =>
      frameDocument(html, {
        showRemoteImages,
        inlineImages: inline,
        dark: theme.palette.mode === 'dark',
        dir: 'auto',
      }),
    [html, showRemoteImages, inline, theme.palette.mode],
  );

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
