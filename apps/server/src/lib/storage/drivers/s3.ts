import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkKey, type ByteRange, type StorageDriver } from './driver.ts';

/** What `STORAGE_URL` says. */
export type S3Location = {
  client: S3ClientConfig;
  bucket: string;
  /** Keys go under this prefix (`s3://…/bucket/some/prefix`), so several installs can share a bucket. */
  prefix: string;
  /** Where it points, for messages: never the secret. */
  display: string;
};

/**
 * Reads `s3://KEY:SECRET@host:port/bucket[/prefix]?region=…&forcePathStyle=true&tls=false`.
 * The key and secret are URL-decoded; without them the SDK's own chain (environment, instance
 * role) applies. `tls` defaults to true on port 443 or no port, false on another port. A host
 * under amazonaws.com uses the SDK's AWS endpoint for the region.
 */
export function parseStorageUrl(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL: must start with s3://');
  const [bucket, ...prefixParts] = url.pathname.replace(/^\/+/, '').split('/');
  if (!bucket) throw new Error('STORAGE_URL: names no bucket (s3://KEY:SECRET@host:port/bucket)');
  const params = url.searchParams;
  const tlsParam = params.get('tls');
  const tls = tlsParam === null ? url.port === '' || url.port === '443' : tlsParam === 'true';
  const region = params.get('region') ?? 'us-east-1';
  const client: S3ClientConfig = {
    region,
    forcePathStyle: params.get('forcePathStyle') === 'true',
    // Checksums only where S3 requires them: S3-compatible stores differ on the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (url.hostname && !url.hostname.endsWith('amazonaws.com')) {
    client.endpoint = `${tls ? 'https' : 'http'}://${url.host}`;
  }
  if (url.username) {
    client.credentials = {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  }
  const prefix = prefixParts.filter(Boolean).join('/');
  return {
    client,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    display: `s3://${url.host}/${bucket}${prefix ? `/${prefix}` : ''}`,
  };
}

/** Each part of a multipart upload: parts in flight × part size is the memory an upload holds. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** Unfinished multipart uploads older than this are a dead process's, and aborted at start. */
const STALE_UPLOAD_MS = 24 * 3600 * 1000;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage). An object appears under its
 * key only when its upload completes (a single PUT, or a multipart upload's completion for a
 * file past one part), so a broken write leaves nothing under a real key. Several server
 * processes on one database share the files.
 */
export class S3Driver implements StorageDriver {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** The driver `STORAGE_URL` describes, its bucket created when missing. */
  static async fromUrl(value: string): Promise<S3Driver> {
    const location = parseStorageUrl(value);
    const client = new S3Client(location.client);
    try {
      await client.send(new HeadBucketCommand({ Bucket: location.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status !== 404) {
        client.destroy();
        throw new Error(
          `STORAGE_URL: cannot reach the bucket at ${location.display}: ${(error as Error).message || (error as Error).name}`,
          { cause: error },
        );
      }
      await client.send(new CreateBucketCommand({ Bucket: location.bucket }));
    }
    return new S3Driver(client, location.bucket, location.prefix);
  }

  private keyOf(key: string): string {
    return this.prefix + checkKey(key);
  }

  async write(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: body },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    let failure: unknown;
    const onError = (error: unknown) => {
      failure = error;
      void upload.abort().catch(() => {});
    };
    body.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    } finally {
      body.off('error', onError);
    }
    if (failure) throw failure;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!answer.Body) throw new Error(`no body for ${key}`);
    return answer.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async sweep(): Promise<void> {
    const stale = Date.now() - STALE_UPLOAD_MS;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Initiated && upload.Initiated.getTime() < stale) {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
        }
      }
      if (!page.IsTruncated) return;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
