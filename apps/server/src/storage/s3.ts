import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type ByteRange,
  contentTypeOf,
  isSafeKey,
  type Storage,
  StorageUnavailableError,
  type StoredFile,
} from './storage';
import type { StorageTarget } from './storage-url';

export type S3Target = Extract<StorageTarget, { kind: 's3' }>;

/** Parts of a multipart upload (S3's minimum is 5 MiB); files smaller than one part go up in one PUT. */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight per upload: at most PART_BYTES × this is held in memory per upload. */
const QUEUE = 2;
/** Multipart uploads older than this are leftovers of a crash: aborted at start-up (a lifecycle rule does it too). */
const STALE_UPLOAD_MS = 24 * 3600 * 1000;

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

function isNotFound(err: unknown): boolean {
  const e = err as SdkError;
  return NOT_FOUND.has(e?.name ?? '') || e?.$metadata?.httpStatusCode === 404;
}

/** Whether an SDK error means the store is unreachable or failing (not that the request was wrong). */
export function isUnavailable(err: unknown): boolean {
  let e = err as SdkError | undefined;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if (e.code && NETWORK.has(e.code)) return true;
    if (e.name === 'TimeoutError' || e.name === 'RequestTimeout' || e.name === 'SlowDown') return true;
    const status = e.$metadata?.httpStatusCode;
    if (status !== undefined && status >= 500) return true;
    e = e.cause as SdkError | undefined;
  }
  return false;
}

function wrap(err: unknown, what: string): never {
  if (isUnavailable(err)) {
    throw new StorageUnavailableError(`object storage unreachable while ${what}`, { cause: err });
  }
  throw err;
}

/** Credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY when given to the config; else the SDK's own chain. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The client options every use of the store shares (the app, the copy tool). */
export function s3ClientConfig(target: S3Target, credentials?: S3Credentials): S3ClientConfig {
  return {
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    credentials,
    // checksums only where S3 requires them: the SDK's default (CRC32 trailers on every PUT, aws-chunked bodies)
    // is refused by several S3-compatible stores (older MinIO, Ceph RGW, s3rver); the copy tool and uploads verify
    // content themselves (docs/media.md)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a stopped store is noticed within seconds (503 with Retry-After), not after the default's long waits
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  };
}

/** Files in an S3-compatible bucket, under an optional key prefix, through the official AWS SDK. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(
    readonly target: S3Target,
    credentials?: S3Credentials,
  ) {
    this.client = new S3Client(s3ClientConfig(target, credentials));
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return this.target.prefix + key;
  }

  async put(key: string, source: Readable): Promise<void> {
    const Key = this.objectKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.target.bucket, Key, Body: source, ContentType: contentTypeOf(key) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      // a failed multipart upload is aborted: no orphan parts are left (and billed)
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      source.destroy();
      // the SDK aborts a failed multipart upload; should that abort itself fail, try once more
      const uploadId = (upload as unknown as { uploadId?: string }).uploadId;
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.target.bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      }
      wrap(err, `writing ${key}`);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.stream(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.target.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body instanceof Readable ? res.Body : Readable.from([]);
    } catch (err) {
      if (isNotFound(err)) return null;
      return wrap(err, `reading ${key}`);
    }
  }

  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }),
      );
      return { size: res.ContentLength ?? 0, etag: res.ETag, lastModified: res.LastModified };
    } catch (err) {
      if (isNotFound(err)) return null;
      return wrap(err, `looking up ${key}`);
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.objectKey(from);
    try {
      // S3 has no rename: copy, then delete the original (an interrupted move leaves both, never neither)
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.target.bucket,
          Key: this.objectKey(to),
          CopySource: `${this.target.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
          ContentType: contentTypeOf(to),
          MetadataDirective: 'REPLACE',
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw Object.assign(new Error(`no file to move at ${from}`), { code: 'ENOENT' });
      wrap(err, `moving ${from}`);
    }
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (isNotFound(err)) return;
      wrap(err, `deleting ${key}`);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredFile & { key: string }> {
    let token: string | undefined;
    do {
      const res = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.target.bucket,
            Prefix: this.target.prefix + prefix,
            ContinuationToken: token,
          }),
        )
        .catch((err) => wrap(err, 'listing files'));
      for (const o of res.Contents ?? []) {
        const key = (o.Key ?? '').slice(this.target.prefix.length);
        if (isSafeKey(key)) yield { key, size: o.Size ?? 0, etag: o.ETag, lastModified: o.LastModified };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /** A URL that fetches the file straight from the store until `expiresIn` seconds from now (STORAGE_REDIRECT). */
  async presign(key: string, expiresIn: number, disposition?: string): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.target.bucket,
        Key: this.objectKey(key),
        ResponseContentDisposition: disposition,
        ResponseContentType: contentTypeOf(key),
      }),
      { expiresIn: Math.max(1, Math.min(expiresIn, 604_800)) },
    );
  }

  async probe(): Promise<void> {
    const where = `bucket ${this.target.bucket}${this.target.endpoint ? ` at ${this.target.endpoint}` : ''}`;
    const Key = `${this.target.prefix}.cairn-probe/${randomBytes(8).toString('hex')}`;
    const Bucket = this.target.bucket;
    try {
      await this.client.send(new PutObjectCommand({ Bucket, Key, Body: 'probe', ContentType: 'text/plain' }));
      await this.client.send(new HeadObjectCommand({ Bucket, Key }));
      await this.client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (err) {
      const e = err as SdkError;
      const status = e.$metadata?.httpStatusCode;
      const why =
        e.name === 'NoSuchBucket'
          ? 'the bucket does not exist'
          : status === 403 || e.name === 'AccessDenied' || e.name === 'InvalidAccessKeyId'
            ? `access denied (${e.name}): check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket policy`
            : isUnavailable(err)
              ? `it cannot be reached (${e.code ?? e.name ?? 'network error'})`
              : `${e.name ?? 'error'}: ${e.message ?? String(err)}`;
      throw new Error(`STORAGE_URL: cannot write to ${where}: ${why}`, { cause: err });
    }
    await this.abortStaleUploads();
  }

  /** Aborts multipart uploads a crash left behind (stores without ListMultipartUploads are skipped). */
  private async abortStaleUploads(): Promise<void> {
    const res = await this.client
      .send(new ListMultipartUploadsCommand({ Bucket: this.target.bucket, Prefix: this.target.prefix }))
      .catch(() => null);
    const before = Date.now() - STALE_UPLOAD_MS;
    for (const u of res?.Uploads ?? []) {
      if (!u.Key || !u.UploadId || (u.Initiated && u.Initiated.getTime() > before)) continue;
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.target.bucket, Key: u.Key, UploadId: u.UploadId }))
        .catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
