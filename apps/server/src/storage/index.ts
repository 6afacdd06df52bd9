import { LocalStorage } from './local';
import { type S3Credentials, S3Storage } from './s3';
import type { Storage } from './storage';
import type { StorageTarget } from './storage-url';

export { LocalStorage } from './local';
export { S3Storage } from './s3';
export type { ByteRange, Storage, StoredFile } from './storage';
export { contentTypeOf, isSafeKey, StorageUnavailableError } from './storage';

/** The store a configuration names: local disk under `filesDir`, or an S3-compatible bucket. */
export function openStorage(target: StorageTarget | undefined, filesDir: string, credentials?: S3Credentials): Storage {
  if (target?.kind === 's3') return new S3Storage(target, credentials);
  return new LocalStorage(filesDir);
}
