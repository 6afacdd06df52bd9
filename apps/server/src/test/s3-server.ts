import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

interface S3rverInstance {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<unknown>;
  close(): Promise<void>;
}
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
// s3rver is CommonJS without types: the class is all the tests use
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

export const S3_BUCKET = 'cairn-test';
/** s3rver's fixed credentials (it checks AWS signatures against them). */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * A real S3-API server for the tests (s3rver, an S3 HTTP implementation on local files), on a port and directory of
 * its own: the app talks to it through the AWS SDK exactly as to AWS, MinIO or R2. It can be stopped and started
 * again on the same port and data (the fault tests).
 *
 * s3rver 3.7 answers every request the app makes (PUT, GET with Range, HEAD, COPY, DELETE, ListObjectsV2,
 * CreateMultipartUpload, UploadPart, CompleteMultipartUpload) but not AbortMultipartUpload: the server here adds that
 * one request the way S3 defines it (the upload's parts are dropped, 204), so that the SDK's abort of a failed
 * multipart upload can be observed; `pendingUploads()` shows what parts a store still holds.
 */
export class TestS3Server {
  private server: S3rverInstance | null = null;
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(): Promise<TestS3Server> {
    const s = new TestS3Server(await freePort(), await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-s3-')));
    await s.resume();
    return s;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** STORAGE_URL for the app, optionally under a key prefix. */
  storageUrl(prefix = ''): string {
    return `s3://${S3_BUCKET}/${prefix}?region=us-east-1&endpoint=${encodeURIComponent(this.endpoint)}`;
  }

  async resume(): Promise<void> {
    const server = new S3rver({
      port: this.port,
      address: '127.0.0.1',
      directory: this.dir,
      silent: true,
      configureBuckets: [{ name: S3_BUCKET }],
    });
    server.middleware.unshift(async (ctx, next) => {
      const m = /^\/([^/]+)\/.+/.exec(ctx.path);
      if (
        ctx.method === 'DELETE' &&
        m &&
        typeof ctx.query.uploadId === 'string' &&
        /^[\w-]+$/.test(ctx.query.uploadId)
      ) {
        const dir = path.join(server.store.getResourcePath(m[1], undefined, 'uploads'), ctx.query.uploadId);
        await fs.rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        ctx.body = null;
        return;
      }
      await next();
    });
    await server.run();
    this.server = server;
  }

  /** Stops answering (connections refused) until resume(). */
  async pause(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  /** The multipart uploads begun and neither completed nor aborted (their parts are still stored). */
  async pendingUploads(): Promise<string[]> {
    const probe = new S3rver({ directory: this.dir, silent: true });
    const dir = probe.store.getResourcePath(S3_BUCKET, undefined, 'uploads');
    return fs.readdir(dir).catch(() => []);
  }

  /** Every object key stored in the bucket (from the server's files). */
  async keys(): Promise<string[]> {
    const root = path.join(this.dir, S3_BUCKET);
    const out: string[] = [];
    const walk = async (d: string, rel: string) => {
      for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(d, e.name), r);
        else if (e.name.endsWith('._S3rver_object')) out.push(r.slice(0, -'._S3rver_object'.length));
      }
    };
    await walk(root, '');
    return out.sort();
  }

  async stop(): Promise<void> {
    await this.pause();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
