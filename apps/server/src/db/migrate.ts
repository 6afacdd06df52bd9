import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Storage } from '../storage';
import type { Database } from './client';
import { seedDemoData } from './seed';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// any fixed number: every server process agrees on it, so only one migrates or seeds at a time
const SETUP_LOCK = 7_262_001;

/** Applies pending migrations and, on an empty database, the demo data; safe to run from several processes. */
export async function prepareDatabase(
  database: Database,
  opts: { filesDir: string; storage?: Storage; seed?: boolean },
): Promise<{ seeded: boolean }> {
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    if (opts.seed === false) return { seeded: false };
    return { seeded: await seedDemoData(database.db, opts.filesDir, opts.storage) };
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
    lockClient.release();
  }
}
