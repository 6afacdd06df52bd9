import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trimTrailing } from '@cairn/shared/text';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import type { S3Credentials } from './storage/s3';
import { parseStorageUrl, type StorageTarget } from './storage/storage-url';

/** The checkout's root, so paths mean the same from `npm start` at the root and from tests. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The app's version (the root package.json), the default release of error reports. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export type JwksSource = { url: string } | { keys: { keys: Record<string, unknown>[] } };

export interface OidcProviderConfig {
  issuer: string;
  /** the client id the ID tokens are issued to (the web app's authorization-code + PKCE client) */
  audience: string;
  /** the signing keys; absent: read from the issuer's discovery document (jwks_uri) */
  jwks?: JwksSource;
}

export const OIDC_PROVIDERS = ['google2', 'azure'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  outboxDir: string;
  /** set when an external PostgreSQL is used; main.ts fills it in for the embedded one */
  databaseUrl?: string;
  embeddedPgPort?: number;
  /** the server's pool: longest a statement may run (ms; 0 none), then 503 (db/client.ts) */
  dbStatementTimeoutMs: number;
  /** migrations, seeding and command-line tools: their own limit (ms; 0 none, the default) */
  dbSetupStatementTimeoutMs: number;
  redisUrl?: string;
  /** Redis channel prefix of the realtime fan-out: processes of one deployment share it */
  realtimeKey: string;
  smtpUrl?: string;
  mailFrom: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  publicUrl: string;
  /** origins besides PUBLIC_URL that may appear in password-reset links */
  trustedOrigins: string[];
  webDist: string;
  oidc: Partial<Record<OidcProviderName, OidcProviderConfig>>;
  rateLimit: { max: number; windowMs: number; namespace: string };
  /** chat messages a user may send per window (HTTP 429 beyond), counted in Redis in scaled mode */
  chatRate: { max: number; windowMs: number };
  /** live sockets: events a connection may send per second (closed beyond), connections per user and process */
  live: { eventsPerSecond: number; connectionsPerUser: number };
  bodyLimit: number;
  /** signing of private file URLs (lib/file-urls.ts): the key (else DATA_DIR/secrets/file-url.key) and the lifetime */
  fileUrls: { secret: string | undefined; ttlSeconds: number };
  /** the whole request (headers and body) must arrive within this (ms), else 408 and the connection closes */
  requestTimeoutMs: number;
  /** the request headers must arrive within this (ms): slow-loris connections are closed */
  headersTimeoutMs: number;
  /** behind proxies: how many hops (or which proxy addresses) to trust for the client IP in X-Forwarded-For */
  trustProxy: TrustProxy;
  logLevel: string;
  /** error reporting (Sentry or a compatible server) for the server and the web app; off when unset */
  errorReporting: { dsn: string; release: string; environment: string } | null;
  /** origins allowed to show the app in a frame (the customer site's preview tool), besides this one */
  previewOrigins: string[];
  /** page views to a Plausible-compatible endpoint; off when unset */
  analytics: { endpoint: string; domain: string } | null;
  media: MediaConfig;
  /** where files live (STORAGE_URL, docs/media.md): local disk under filesDir by default, or an S3-compatible bucket */
  storage: StorageConfig;
  /** seconds between runs of the scheduled jobs (battle reminders and deadlines, due/start notices); 0 = not scheduled */
  scheduleSeconds: number;
}

export interface StorageConfig {
  target: StorageTarget;
  /** S3 only: /files/… answers with a redirect to a presigned URL of the same expiry instead of streaming */
  redirect: boolean;
  /** from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); absent: the SDK's chain (roles, profiles) */
  credentials?: S3Credentials;
}

export interface MediaConfig {
  /** resized images, DATA_DIR/cache/img */
  imageCacheDir: string;
  /** upload size limits in bytes per kind (judged from the content) */
  limits: Record<'image' | 'audio' | 'video' | 'file', number>;
  /** downloads.zip: at most this many bytes and files per request, and this many zips at once per user */
  zip: { maxBytes: number; maxFiles: number; concurrent: number };
  /** stored bytes (live media rows) allowed per user and per customer */
  quota: { userBytes: number; customerBytes: number };
  /** uploads are refused (507) while the files directory's disk has less than this many bytes free after them */
  diskReserveBytes: number;
  /** the resized-image cache is kept under this many bytes (least recently used variants evicted first) */
  imageCacheBytes: number;
}

const int = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `${name} must be an integer between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `${name} must be an integer between ${min} and ${max}` });

const MB = 1024 * 1024;

const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const url = (name: string) => z.url({ message: `${name} must be a URL` });

const jwks = (name: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx): JwksSource => {
      if (v.startsWith('{')) {
        try {
          const parsed = JSON.parse(v) as { keys?: unknown };
          if (Array.isArray(parsed.keys)) return { keys: parsed as { keys: Record<string, unknown>[] } };
        } catch {}
        ctx.addIssue({ code: 'custom', message: `${name} must be a JWKS URL or inline JSON {"keys": [...]}` });
        return z.NEVER;
      }
      if (!URL.canParse(v)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a JWKS URL or inline JSON {"keys": [...]}` });
        return z.NEVER;
      }
      return { url: v };
    });

const envSchema = z.object({
  PORT: int('PORT', 1, 65535).default(3000),
  HOST: z.string().min(1, { message: 'HOST must not be empty' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { message: 'DATA_DIR must not be empty' }).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  EMBEDDED_PG_PORT: int('EMBEDDED_PG_PORT', 1024, 65535).optional(),
  DB_STATEMENT_TIMEOUT_MS: int('DB_STATEMENT_TIMEOUT_MS', 0, 600_000).default(5000),
  DB_SETUP_STATEMENT_TIMEOUT_MS: int('DB_SETUP_STATEMENT_TIMEOUT_MS', 0, 86_400_000).default(0),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().default('Cairn <no-reply@cairn.local>'),
  ACCESS_TOKEN_TTL: int('ACCESS_TOKEN_TTL', 1, 31_536_000).default(900),
  REFRESH_TOKEN_TTL: int('REFRESH_TOKEN_TTL', 1, 31_536_000).default(2_592_000),
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .refine((v) => splitList(v).every((o) => URL.canParse(o)), {
      message: 'TRUSTED_ORIGINS must be a comma-separated list of URLs',
    }),
  WEB_DIST: z.string().optional(),
  OIDC_GOOGLE2_ISSUER: z.string().optional(),
  OIDC_GOOGLE2_AUDIENCE: z.string().optional(),
  OIDC_GOOGLE2_JWKS: jwks('OIDC_GOOGLE2_JWKS').optional(),
  OIDC_AZURE_ISSUER: z.string().optional(),
  OIDC_AZURE_AUDIENCE: z.string().optional(),
  OIDC_AZURE_JWKS: jwks('OIDC_AZURE_JWKS').optional(),
  RATE_LIMIT_MAX: int('RATE_LIMIT_MAX', 1, 1_000_000).default(10),
  RATE_LIMIT_WINDOW: int('RATE_LIMIT_WINDOW', 1, 86_400).default(60),
  CHAT_RATE_MAX: int('CHAT_RATE_MAX', 1, 100_000).default(20),
  CHAT_RATE_WINDOW: int('CHAT_RATE_WINDOW', 1, 3600).default(10),
  LIVE_EVENTS_PER_SECOND: int('LIVE_EVENTS_PER_SECOND', 1, 10_000).default(50),
  LIVE_CONNECTIONS_PER_USER: int('LIVE_CONNECTIONS_PER_USER', 1, 1000).default(20),
  SCHEDULE_SECONDS: int('SCHEDULE_SECONDS', 0, 86_400).default(60),
  BODY_LIMIT: int('BODY_LIMIT', 1024, 104_857_600).default(1_048_576),
  FILE_URL_SECRET: z.string().min(32, { message: 'FILE_URL_SECRET must be at least 32 characters' }).optional(),
  FILE_URL_TTL: int('FILE_URL_TTL', 60, 604_800).default(7200),
  REQUEST_TIMEOUT: int('REQUEST_TIMEOUT', 1, 3600).default(300),
  HEADERS_TIMEOUT: int('HEADERS_TIMEOUT', 1, 3600).default(20),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  MEDIA_MAX_IMAGE_MB: int('MEDIA_MAX_IMAGE_MB', 1, 1024).default(10),
  MEDIA_MAX_AUDIO_MB: int('MEDIA_MAX_AUDIO_MB', 1, 1024).default(20),
  MEDIA_MAX_VIDEO_MB: int('MEDIA_MAX_VIDEO_MB', 1, 4096).default(100),
  MEDIA_MAX_FILE_MB: int('MEDIA_MAX_FILE_MB', 1, 1024).default(20),
  ZIP_MAX_MB: int('ZIP_MAX_MB', 1, 102_400).default(500),
  ZIP_MAX_FILES: int('ZIP_MAX_FILES', 1, 10_000).default(1000),
  ZIP_CONCURRENT: int('ZIP_CONCURRENT', 1, 100).default(2),
  QUOTA_USER_MB: int('QUOTA_USER_MB', 1, 16_777_216).default(1024),
  QUOTA_CUSTOMER_MB: int('QUOTA_CUSTOMER_MB', 1, 16_777_216).default(51_200),
  DISK_RESERVE_MB: int('DISK_RESERVE_MB', 0, 16_777_216).default(1024),
  IMAGE_CACHE_MB: int('IMAGE_CACHE_MB', 1, 1_048_576).default(512),
  STORAGE_URL: z.string().optional(),
  STORAGE_REDIRECT: z.enum(['0', '1'], { message: 'STORAGE_REDIRECT must be 0 or 1' }).default('0'),
  AWS_REGION: z.string().max(64).optional(),
  AWS_ACCESS_KEY_ID: z.string().max(256).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().max(1024).optional(),
  AWS_SESSION_TOKEN: z.string().max(8192).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PREVIEW_ORIGINS: z
    .string()
    .default('')
    .refine((v) => splitList(v).every((o) => URL.canParse(o)), {
      message: 'PREVIEW_ORIGINS must be a comma-separated list of URLs',
    }),
  SENTRY_DSN: url('SENTRY_DSN').optional(),
  SENTRY_ENVIRONMENT: z.string().max(64).default('production'),
  SENTRY_RELEASE: z.string().max(200).optional(),
  ANALYTICS_ENDPOINT: url('ANALYTICS_ENDPOINT').optional(),
  ANALYTICS_DOMAIN: z.string().max(253).optional(),
});

function oidcProvider(
  prefix: string,
  issuer: string | undefined,
  audience: string | undefined,
  keys: JwksSource | undefined,
): OidcProviderConfig | undefined {
  if (!issuer && !audience && !keys) return undefined;
  if (!issuer || !audience) {
    throw new Error(
      `Invalid configuration: ${prefix}_ISSUER and ${prefix}_AUDIENCE must both be set to enable the provider (${prefix}_JWKS is optional)`,
    );
  }
  if (!URL.canParse(issuer)) throw new Error(`Invalid configuration: ${prefix}_ISSUER must be a URL`);
  return keys ? { issuer, audience, jwks: keys } : { issuer, audience };
}

/** A port of this checkout's own, derived from its path, so two checkouts never collide (and never 5432). */
export function derivedPort(purpose: 'dev' | 'test', root = REPO_ROOT): number {
  const h = createHash('sha256').update(`${root}:${purpose}`).digest().readUInt32BE(0);
  return 20_000 + (h % 20_000);
}

/** Parses the environment; throws `Invalid configuration: NAME ...` naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // empty strings mean "not set", as shells and .env files produce them
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const msg = parsed.error.issues
      .map((i) => {
        const name = String(i.path[0] ?? '');
        return i.message.startsWith(name) ? i.message : `${name} is invalid: ${i.message}`;
      })
      .join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const publicUrl = trimTrailing(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, '/');
  const oidc: AppConfig['oidc'] = {};
  const google2 = oidcProvider('OIDC_GOOGLE2', e.OIDC_GOOGLE2_ISSUER, e.OIDC_GOOGLE2_AUDIENCE, e.OIDC_GOOGLE2_JWKS);
  const azure = oidcProvider('OIDC_AZURE', e.OIDC_AZURE_ISSUER, e.OIDC_AZURE_AUDIENCE, e.OIDC_AZURE_JWKS);
  if (google2) oidc.google2 = google2;
  if (azure) oidc.azure = azure;
  const storage = storageConfig(e, path.join(dataDir, 'files'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: storage.target.kind === 'local' ? storage.target.dir : path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbSetupStatementTimeoutMs: e.DB_SETUP_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    realtimeKey: 'cairn-rt',
    scheduleSeconds: e.SCHEDULE_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    publicUrl,
    trustedOrigins: splitList(e.TRUSTED_ORIGINS).map((s) => new URL(s).origin),
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    oidc,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW * 1000, namespace: 'cairn-rl:' },
    chatRate: { max: e.CHAT_RATE_MAX, windowMs: e.CHAT_RATE_WINDOW * 1000 },
    live: { eventsPerSecond: e.LIVE_EVENTS_PER_SECOND, connectionsPerUser: e.LIVE_CONNECTIONS_PER_USER },
    bodyLimit: e.BODY_LIMIT,
    fileUrls: { secret: e.FILE_URL_SECRET, ttlSeconds: e.FILE_URL_TTL },
    requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
    // Node requires the headers' limit not to exceed the request's
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT, e.REQUEST_TIMEOUT) * 1000,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    previewOrigins: splitList(e.PREVIEW_ORIGINS).map((s) => new URL(s).origin),
    errorReporting: e.SENTRY_DSN
      ? { dsn: e.SENTRY_DSN, release: e.SENTRY_RELEASE ?? `cairn@${APP_VERSION}`, environment: e.SENTRY_ENVIRONMENT }
      : null,
    analytics: e.ANALYTICS_ENDPOINT
      ? { endpoint: e.ANALYTICS_ENDPOINT.replace(/\/$/, ''), domain: e.ANALYTICS_DOMAIN ?? new URL(publicUrl).hostname }
      : null,
    media: {
      imageCacheDir: path.join(dataDir, 'cache', 'img'),
      limits: {
        image: e.MEDIA_MAX_IMAGE_MB * MB,
        audio: e.MEDIA_MAX_AUDIO_MB * MB,
        video: e.MEDIA_MAX_VIDEO_MB * MB,
        file: e.MEDIA_MAX_FILE_MB * MB,
      },
      zip: { maxBytes: e.ZIP_MAX_MB * MB, maxFiles: e.ZIP_MAX_FILES, concurrent: e.ZIP_CONCURRENT },
      quota: { userBytes: e.QUOTA_USER_MB * MB, customerBytes: e.QUOTA_CUSTOMER_MB * MB },
      diskReserveBytes: e.DISK_RESERVE_MB * MB,
      imageCacheBytes: e.IMAGE_CACHE_MB * MB,
    },
    storage,
  };
}

/** STORAGE_URL, STORAGE_REDIRECT and the AWS_* credentials; throws naming the variable. */
function storageConfig(e: z.infer<typeof envSchema>, defaultFilesDir: string): StorageConfig {
  const target = e.STORAGE_URL
    ? parseStorageUrl(e.STORAGE_URL, e.AWS_REGION)
    : ({ kind: 'local', dir: defaultFilesDir } as const);
  if (typeof target === 'string') throw new Error(`Invalid configuration: ${target}`);
  const redirect = e.STORAGE_REDIRECT === '1';
  if (redirect && target.kind !== 's3') {
    throw new Error('Invalid configuration: STORAGE_REDIRECT=1 needs an s3:// STORAGE_URL');
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY) && target.kind === 's3') {
    throw new Error('Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  }
  const credentials =
    e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
          sessionToken: e.AWS_SESSION_TOKEN,
        }
      : undefined;
  return { target, redirect, credentials };
}
