/**
 * The storage layer (docs/decisions/052-storage.md): every area stores, lists, serves and deletes
 * its files through `Storage` (on `ModuleContext.storage`) and serves them with
 * `sendStoredFile`.
 */
export {
  Storage,
  storageFromConfig,
  storageKey,
  PURGE_JOB,
  UPLOAD_OWNER,
  type Allowance,
  type OwnerKind,
  type PutInput,
  type WrittenFile,
  type StorageLimits,
  type StorageUsage,
  type StoredFile,
} from './storage.ts';
export { sendStoredFile, etagOf, type SendOptions } from './serve.ts';
export {
  accepts,
  detectContentType,
  isInlineSafe,
  isText,
  UNKNOWN_TYPE,
  type Accept,
} from './detect.ts';
export { contentDisposition, downloadName, storedName, MAX_NAME_LENGTH } from './names.ts';
export { formatBytes } from './sizes.ts';
export { purgeDue, startStorage } from './purge.ts';
export type { ByteRange, StorageDriver } from './drivers/driver.ts';
export { DiskDriver } from './drivers/disk.ts';
// The S3 driver (drivers/s3.ts) loads the AWS SDK, so only a configuration that uses it imports it.
export type { S3Driver, S3Location } from './drivers/s3.ts';
