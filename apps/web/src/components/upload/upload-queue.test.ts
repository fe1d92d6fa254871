import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { formatBytes } from '../../utils/bytes.ts';
import { uploadIdOf, useUploadQueue, type UploadTransport } from './upload-queue.ts';

describe('the upload queue', () => {
  it('reads the stored file id from a tus address', () => {
    expect(uploadIdOf('http://x.test/api/uploads/0b6f5d1e-1111-4222-8333-944455556666')).toBe(
      '0b6f5d1e-1111-4222-8333-944455556666',
    );
    expect(uploadIdOf('/api/uploads/abc/?x=1')).toBe('abc');
  });

  it('sends files with progress, marks a failure, and retries it', async () => {
    let failOnce = true;
    const transport: UploadTransport = async (file, { onProgress }) => {
      onProgress(Math.floor(file.size / 2));
      if (file.name === 'b.txt' && failOnce) {
        failOnce = false;
        throw new Error('The connection was cut');
      }
      onProgress(file.size);
      return `id-${file.name}`;
    };
    const done: string[] = [];
    const { result } = renderHook(() =>
      useUploadQueue({
        transport,
        onUploaded: async (entry, id) => {
          done.push(`${entry.relativePath}:${id}:${String(entry.meta)}`);
        },
      }),
    );
    act(() =>
      result.current.add([
        { file: new File(['aaaa'], 'a.txt'), relativePath: 'Trip/a.txt', meta: 'folder-1' },
        { file: new File(['bbbbbb'], 'b.txt') },
      ]),
    );
    await waitFor(() =>
      expect(result.current.overall.done + result.current.overall.failed).toBe(2),
    );
    expect(done).toEqual(['Trip/a.txt:id-a.txt:folder-1']);
    const failed = result.current.entries.find((e) => e.status === 'failed')!;
    expect(failed.error).toBe('The connection was cut');
    act(() => result.current.retry(failed.key));
    await waitFor(() => expect(result.current.overall.done).toBe(2));
    expect(done).toContain('b.txt:id-b.txt:undefined');
    expect(result.current.overall.sent).toBe(result.current.overall.total);
    act(() => result.current.clearFinished());
    expect(result.current.entries).toEqual([]);
  });

  it('words sizes in the reader language', () => {
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
  });
});
