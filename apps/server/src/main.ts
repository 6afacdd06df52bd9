import path from 'node:path';
import { buildApp } from './app';
import { derivedPort, loadConfig } from './config';
import { createDatabase, type Database } from './db/client';
import { type EmbeddedDb, startEmbeddedPostgres } from './db/embedded';
import { prepareDatabase } from './db/migrate';
import { DEMO_PUBLIC_LINK, DEMO_USERS } from './db/seed/demo-data';
import { openStorage } from './storage';

/** Starts PostgreSQL (embedded unless DATABASE_URL), migrates, seeds on first start, listens, and stops cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDb | null = null;
  let database: Database | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let stopping: Promise<void> | null = null;

  const stop = (reason: string, code = 0) => {
    stopping ??= (async () => {
      console.log(`\n${reason}: shutting down…`);
      const force = setTimeout(() => {
        console.error('shutdown took too long; exiting');
        process.exit(1);
      }, 15_000);
      force.unref();
      try {
        await app?.close();
        await database?.close();
        if (embedded?.owned) {
          await embedded.stop();
          console.log('embedded PostgreSQL stopped');
        }
      } catch (err) {
        console.error('error while shutting down', err);
        code = code || 1;
      }
      process.exit(code);
    })();
    return stopping;
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stop(sig));

  try {
    let url = config.databaseUrl;
    if (!url) {
      const dir = path.join(config.dataDir, 'postgres');
      console.log(`starting the embedded PostgreSQL (data in ${dir})…`);
      embedded = await startEmbeddedPostgres({
        dataDir: dir,
        preferredPort: config.embeddedPgPort ?? derivedPort('dev'),
        ownSignals: true,
        info: (line) => console.log(line),
        log: (line) => {
          // shutdown ends connections on purpose; anything else alarming is worth showing
          if (/ERROR|FATAL|PANIC/.test(line) && !stopping) console.error(`[postgres] ${line}`);
        },
      });
      url = embedded.url;
      console.log(`embedded PostgreSQL listening on 127.0.0.1:${embedded.port}`);
    }
    // migrations and the seed on a pool of their own, with their own statement timeout (DB_SETUP_STATEMENT_TIMEOUT_MS):
    // a long migration, or waiting for another process's, is not a request
    if (config.storage.target.kind === 's3' && !config.fileUrls.secret) {
      // each instance would make its own key on its own disk: links signed by one would be refused by another
      console.warn(
        'STORAGE_URL is an S3 store but FILE_URL_SECRET is not set: instances that do not share DATA_DIR must all ' +
          'be given the same FILE_URL_SECRET (signed file links and refresh rotations depend on it)',
      );
    }
    // files: an S3 bucket that cannot be written stops the start here, saying why (before the seed writes to it)
    const storage = openStorage(config.storage.target, config.filesDir, config.storage.credentials);
    await storage.probe().catch(async (err) => {
      await storage.close();
      throw err;
    });
    const setup = createDatabase(url, { max: 2, statementTimeoutMs: config.dbSetupStatementTimeoutMs });
    const { seeded } = await prepareDatabase(setup, { filesDir: config.filesDir, storage }).finally(() =>
      setup.close(),
    );
    console.log(seeded ? 'database migrated and demo data seeded' : 'database migrated (existing data kept)');
    database = createDatabase(url, {
      keepWarm: true,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      onError: (err) => console.warn(`database: ${err.message}`),
    });

    // a database that refuses more connections now refuses them under load too: said, not fatal
    await database
      .warm()
      .catch((err) => console.warn(`database: the pool could not open every connection (${err.message})`));
    app = await buildApp({ ...config, databaseUrl: url }, { database, storage });
    await app.listen({ port: config.port, host: config.host });
    printBanner(config.publicUrl);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop('startup failed', 1);
  }
}

function printBanner(publicUrl: string): void {
  const rows = Object.values(DEMO_USERS).map((u) => `    ${u.email.padEnd(22)} ${u.password}`);
  console.log(
    [
      '',
      `Cairn is running at ${publicUrl}`,
      `  API docs (OpenAPI JSON): ${publicUrl}/api/docs`,
      '  Demo sign-ins:',
      ...rows,
      `  Public link: ${publicUrl}/public/${DEMO_PUBLIC_LINK}`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

void main();
