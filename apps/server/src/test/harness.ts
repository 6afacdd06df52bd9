import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoginResponse } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { createDatabase, type Database, withDatabase } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  close(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: inject('adminUrl') });
  await c.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(sql);
        return;
      } catch (err) {
        // cloning needs the template to itself: another file's clone may hold it for a moment
        if (attempt < 20 && /being accessed by other users/.test(String(err))) {
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
          continue;
        }
        throw err;
      }
    }
  } finally {
    await c.end();
  }
}

/** An app on a database of its own, cloned from the run's seeded template; outbox in a directory of its own. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string> = {},
  /** registers extra routes before the app is ready (tests of cross-cutting behaviour, e.g. a route that fails) */
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const name = `cairn_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${inject('templateDb')}`);
  const url = withDatabase(inject('adminUrl'), name);
  const base = loadConfig({ ...process.env, ...env, DATABASE_URL: url });
  const config: AppConfig = {
    ...base,
    filesDir: path.join(base.dataDir, 'test-files'),
    outboxDir: path.join(base.dataDir, 'test-outbox', name),
    // generous unless a test asks for a limit, so only the rate-limit tests ever hit it
    rateLimit: {
      ...base.rateLimit,
      max: env.RATE_LIMIT_MAX ? base.rateLimit.max : 1000,
      namespace: `cairn-rl-${name}:`,
    },
    // generous unless a test asks for a limit (CHAT_RATE_MAX), so only the chat limit tests hit it
    chatRate: env.CHAT_RATE_MAX ? base.chatRate : { ...base.chatRate, max: 100_000 },
    // files run in parallel on cloned databases with the same user ids: keep their live events apart
    realtimeKey: `cairn-rt-${name}`,
    // tests run the scheduled jobs themselves, at the times they choose
    scheduleSeconds: 0,
    // one signing key for every app of a test process (lib/file-urls.ts keeps one per process)
    fileUrls: { ...base.fileUrls, secret: base.fileUrls.secret ?? 'test-file-url-secret-0123456789abcdef' },
    ...overrides,
  };
  const database = createDatabase(url, { max: 5 });
  const app = await buildApp(config, { database, logger: false });
  await extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
      await fs.rm(config.outboxDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the token pair. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<LoginResponse['data']> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password, accepted: true } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as LoginResponse).data;
}

/** Authorization header for an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits for the outbox to hold a mail to `to` and returns its decoded text. */
export async function readMail(outboxDir: string, to: string, timeoutMs = 5000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    for (const f of files.sort().reverse()) {
      const raw = await fs.readFile(path.join(outboxDir, f), 'utf8');
      const decoded = decodeQuotedPrintable(raw);
      if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(decoded)) return decoded;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} in ${outboxDir}`);
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The reset link from a password mail. */
export function resetLinkFrom(mail: string): URL {
  const m = /(https?:\/\/[^\s"<>]+token=[^\s"<>]+)/.exec(mail);
  if (!m) throw new Error(`no reset link in mail:\n${mail}`);
  return new URL(m[1].replace(/&amp;/g, '&'));
}

/** Counts the queries sent through `pool` (transactions count too) until `restore()`; `reset()` starts again at 0. */
export function countQueries(pool: pg.Pool): { readonly count: number; reset(): void; restore(): void } {
  // every statement reaches PostgreSQL through a client checked out of the pool (pool.query checks one out too,
  // and a transaction keeps one for begin … commit): the clients' query is counted
  type Connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => unknown;
  const originalConnect = pool.connect as unknown as Connect;
  let count = 0;
  let active = true;
  const counted = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient | undefined) => {
    if (!client || counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client);
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (active) count++;
      return (query as (...a: unknown[]) => unknown)(...args);
    };
  };
  (pool as { connect: unknown }).connect = (cb?: Parameters<Connect>[0]) => {
    if (cb)
      return originalConnect.call(pool, (err, client, done) => {
        wrap(client);
        cb(err, client, done);
      });
    return (originalConnect.call(pool) as Promise<pg.PoolClient>).then((client) => {
      wrap(client);
      return client;
    });
  };
  return {
    get count() {
      return count;
    },
    reset: () => {
      count = 0;
    },
    restore: () => {
      active = false;
      delete (pool as { connect?: unknown }).connect;
      if (pool.connect !== (originalConnect as unknown)) (pool as { connect: unknown }).connect = originalConnect;
    },
  };
}
