import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { derivedPort, loadConfig } from '../config';
import { createDatabase, withDatabase } from '../db/client';
import { type EmbeddedDb, startEmbeddedPostgres } from '../db/embedded';
import { prepareDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    runId: string;
  }
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** One PostgreSQL for the run (embedded unless DATABASE_URL) and one migrated, seeded template database. */
export default async function setup(project: TestProject) {
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL });
  const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  let embedded: EmbeddedDb | null = null;
  let adminUrl = config.databaseUrl;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'test-postgres'),
      preferredPort: derivedPort('test'),
      shareRunning: true,
    });
    // the superuser: the run creates and drops a database per file (the app's own role may not)
    adminUrl = embedded.adminUrl;
  }
  const templateDb = `cairn_tpl_${runId}`;
  await admin(adminUrl, (c) => c.query(`create database ${templateDb}`));
  const database = createDatabase(withDatabase(adminUrl, templateDb), { max: 2 });
  try {
    await prepareDatabase(database, { filesDir: path.join(config.dataDir, 'test-files') });
  } finally {
    await database.close();
  }
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    await admin(adminUrl, async (c) => {
      // per-file databases are dropped by their files; this catches the ones an aborted file left behind
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `cairn_%${runId}%`,
      ]);
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
    });
    await embedded?.stop();
  };
}
