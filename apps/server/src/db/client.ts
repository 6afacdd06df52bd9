import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Opens a connection pool to `url` and wraps it in Drizzle. */
export function createDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Database {
  // a request waits at most 5 s for a connection (a free one, or a new one to a server that does not answer),
  // then fails (503, plugins/errors.ts) instead of hanging
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 5000 });
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
