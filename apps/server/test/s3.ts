import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3Peer = { url: string; close(): Promise<void> };

/**
 * A real S3-protocol server (s3rver) on a free loopback port, keeping its objects in a temporary
 * folder: the S3 driver's tests run against it. `url` is a STORAGE_URL for `bucket`.
 */
export async function startS3(bucket = 'beacon'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'beacon-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  return {
    url: `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}?region=us-east-1&forcePathStyle=true`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
