import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Upload as TusUpload } from 'tus-js-client';
import { apiBaseUrl, getAccessToken } from '../../lib/http.ts';

/**
 * The shared upload queue (docs/decisions/054-files-manager.md): files go to the storage's
 * resumable endpoint (`/api/uploads`, the tus protocol through `tus-js-client`), a few at a
 * time, each with its progress, resumed after a cut connection and retried on demand. What an
 * area does with a finished upload (an item of a folder, a card's attachment) is its
 * `onUploaded`, which receives the stored file's id.
 */

/** The tus endpoint of the storage layer. */
export const UPLOADS_ENDPOINT = '/api/uploads';
/** Uploads sent at once. */
const PARALLEL = 3;

export type UploadStatus = 'queued' | 'uploading' | 'finishing' | 'done' | 'failed';

export interface UploadEntry {
  key: string;
  file: File;
  /** Where the file sits in a dropped folder (`Photos/2026/a.jpg`), else its name. */
  relativePath: string;
  /** Bytes sent. */
  sent: number;
  status: UploadStatus;
  /** The failure's message (the server's `detail` when it gave one). */
  error: string | null;
  /** What the area attached when it added the file (the folder it goes to, say). */
  meta?: unknown;
}

/** Sends one file and answers the stored file's id; reports progress; stops on `signal`. */
export type UploadTransport = (
  file: File,
  options: { onProgress: (sent: number) => void; signal: AbortSignal },
) => Promise<string>;

/** The id of the stored file a finished tus upload made: the last segment of its address. */
export function uploadIdOf(url: string): string {
  return decodeURIComponent(
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .at(-1) ?? '',
  );
}

/** The message of a failed tus request: the server's `detail` when it answered JSON. */
function tusMessage(error: Error): string {
  const body = (
    error as { originalResponse?: { getBody(): string } | null }
  ).originalResponse?.getBody();
  if (body) {
    try {
      const detail = (JSON.parse(body) as { detail?: unknown }).detail;
      if (typeof detail === 'string') return detail;
    } catch {
      // not JSON: the generic message below
    }
  }
  return error.message;
}

/** The resumable transport: tus against `/api/uploads`, resumed from where a cut left it. */
export const tusTransport: UploadTransport = (file, { onProgress, signal }) =>
  new Promise<string>((resolve, reject) => {
    const upload = new TusUpload(file, {
      endpoint: `${apiBaseUrl()}${UPLOADS_ENDPOINT}`,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      onBeforeRequest: (request) => {
        const token = getAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent) => onProgress(sent),
      onError: (error) => reject(new Error(tusMessage(error))),
      onSuccess: () => resolve(uploadIdOf(upload.url ?? '')),
    });
    signal.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('Upload stopped', 'AbortError'));
    });
    // A file sent before (same fingerprint) resumes where it stopped.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });

export interface UploadQueueOptions {
  transport?: UploadTransport;
  /** What the area does with a finished upload; a throw marks the entry failed (retry calls it again). */
  onUploaded: (entry: UploadEntry, uploadId: string) => Promise<void>;
}

let nextKey = 0;

/** A queue of uploads: add files, watch them, retry the failed ones, clear the finished. */
export function useUploadQueue({ transport = tusTransport, onUploaded }: UploadQueueOptions) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const uploaded = useRef(new Map<string, string>());
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const patch = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) =>
      list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );
  }, []);

  const run = useCallback(
    async (entry: UploadEntry) => {
      const controller = new AbortController();
      controllers.current.set(entry.key, controller);
      patch(entry.key, { status: 'uploading', error: null });
      try {
        let id = uploaded.current.get(entry.key);
        if (!id) {
          id = await transport(entry.file, {
            signal: controller.signal,
            onProgress: (sent) => patch(entry.key, { sent }),
          });
          uploaded.current.set(entry.key, id);
        }
        patch(entry.key, { status: 'finishing', sent: entry.file.size });
        await onUploadedRef.current(entry, id);
        patch(entry.key, { status: 'done' });
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        patch(entry.key, { status: 'failed', error: (error as Error).message });
      } finally {
        controllers.current.delete(entry.key);
      }
    },
    [patch, transport],
  );

  // Starts queued entries while fewer than PARALLEL are under way.
  useEffect(() => {
    const busy = entries.filter((e) => e.status === 'uploading' || e.status === 'finishing').length;
    const next = entries
      .filter((e) => e.status === 'queued')
      .slice(0, Math.max(0, PARALLEL - busy));
    for (const entry of next) void run(entry);
  }, [entries, run]);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback((files: { file: File; relativePath?: string; meta?: unknown }[]) => {
    setEntries((list) => [
      ...list,
      ...files.map(({ file, relativePath, meta }) => ({
        key: `upload-${++nextKey}`,
        file,
        meta,
        relativePath: relativePath || file.name,
        sent: 0,
        status: 'queued' as const,
        error: null,
      })),
    ]);
  }, []);

  const retry = useCallback(
    (key: string) => patch(key, { status: 'queued', error: null }),
    [patch],
  );
  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setEntries((list) => list.filter((entry) => entry.key !== key));
  }, []);
  const clearFinished = useCallback(
    () => setEntries((list) => list.filter((entry) => entry.status !== 'done')),
    [],
  );

  const overall = useMemo(() => {
    const total = entries.reduce((sum, e) => sum + e.file.size, 0);
    const sent = entries.reduce((sum, e) => sum + Math.min(e.sent, e.file.size), 0);
    return {
      total,
      sent,
      done: entries.filter((e) => e.status === 'done').length,
      failed: entries.filter((e) => e.status === 'failed').length,
      count: entries.length,
      active: entries.some((e) => e.status !== 'done' && e.status !== 'failed'),
    };
  }, [entries]);

  return { entries, overall, add, retry, cancel, clearFinished };
}
