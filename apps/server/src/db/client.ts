import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/** The database or an open transaction on it (the handle db.transaction's callback gets): what queries run on. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** How much longer than the statement timeout pg waits for a server that does not answer before giving up. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Opens every connection of the pool now (a server's start; see `keepWarm`). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a connection pool to `url` and wraps it in Drizzle. `keepWarm` (the server's own pool): connections, once
 * open, stay open however long they idle, and `warm()` opens them all at start — so a burst after a quiet night (a
 * whole company starting a trail at 9:00) finds them ready instead of opening them while 200 requests wait
 * (docs/performance.md, Round 9).
 */
export function createDatabase(
  url: string,
  opts: {
    max?: number;
    keepWarm?: boolean;
    onError?: (err: Error) => void;
    /** how long an idle connection above the kept ones stays open; pg's default 10 s */
    idleMs?: number;
    /**
     * Longest a statement may run (0 or absent: no limit). PostgreSQL cancels it after this long (57014); when the
     * server does not answer at all (frozen, a network partition), pg gives up QUERY_TIMEOUT_MARGIN_MS later
     * ("Query read timeout") and the connection is dropped. Both answer 503 (plugins/errors.ts).
     */
    statementTimeoutMs?: number;
  } = {},
): Database {
  const max = opts.max ?? 10;
  const statementMs = opts.statementTimeoutMs || 0;
  // a request waits at most 5 s for a connection (a free one, or a new one to a server that does not answer),
  // then fails (503, plugins/errors.ts) instead of hanging
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: opts.keepWarm ? max : 0,
    idleTimeoutMillis: opts.idleMs,
    connectionTimeoutMillis: 5000,
    ...(statementMs > 0 && {
      statement_timeout: statementMs,
      query_timeout: statementMs + QUERY_TIMEOUT_MARGIN_MS,
    }),
  });
  let closed = false;
  // an idle client losing its server must not crash the process; after close() it is just shutdown noise,
  // since pool.end() resolves before the connections have finished closing
  pool.on('error', (err) => {
    if (!closed) opts.onError?.(err);
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    async warm() {
      // every connection that did open goes back to the pool, even when another could not open
      const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
      for (const o of opened) if (o.status === 'fulfilled') o.value.release();
      const failed = opened.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Returns the URL with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Memoises a prepared statement per database: built (and named) once, then PostgreSQL parses and plans it
 * once per pooled connection instead of on every request. For hot queries only.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let q = cache.get(db);
    if (q === undefined) {
      q = build(db);
      cache.set(db, q);
    }
    return q;
  };
}

const dialect = new PgDialect();

/** The pool (or client) under a database handle; undefined for a transaction's handle, which has none of its own. */
const poolOf = (db: Db): pg.Pool | pg.Client | undefined => (db as Db & { $client?: pg.Pool | pg.Client }).$client;

/**
 * Runs a read built with drizzle's `sql` template as a named prepared statement on the pool, so PostgreSQL parses and
 * plans each shape of it once per pooled connection instead of on every request (planning a statement over a table
 * with many partial indexes can cost more than running it). The name is a hash of the statement's text, so every
 * shape (a filter present or not, a metric's column) gets its own; values stay parameters. For hot reads outside
 * transactions only.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  // inside a transaction (no pool of its own): an ordinary statement
  if (!pool) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `cairn_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const res = await pool.query<T>({ name, text, values: params as unknown[] });
  return res.rows;
}

/**
 * A named prepared statement run straight on the pool, without drizzle building or mapping anything: for the hot
 * reads whose rows the caller presents itself (docs/performance.md, round 7). PostgreSQL parses and plans it once
 * per pooled connection; rows come as objects keyed by the SQL's column names, with pg's own type parsing
 * (timestamptz → Date, json → value; cast counts to int, bigint arrives as a string).
 */
export function namedStatement<Row>(name: string, text: string) {
  return async (db: Db, values: unknown[]): Promise<Row[]> => {
    const pool = poolOf(db);
    if (!pool) throw new Error(`${name}: a named statement runs on the pool, not inside a transaction`);
    const { rows } = await pool.query<Row & pg.QueryResultRow>({
      name,
      text,
      values,
    });
    return rows;
  };
}
