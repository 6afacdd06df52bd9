import path from 'node:path';
import { derivedPort, loadConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { type EmbeddedDb, startEmbeddedPostgres } from '../db/embedded';
import { prepareDatabase } from '../db/migrate';
import { openStorage, type Storage } from '../storage';

/**
 * The app's database for a command-line tool: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR; migrated, and
 * seeded with the demo data when empty unless `seed` is false.
 */
export async function openDatabase(opts: { seed?: boolean } = {}): Promise<{
  database: Database;
  /**
   * For bulk loads that turn the row triggers off (session_replication_role, superusers only): the embedded
   * PostgreSQL's superuser on the same database, or DATABASE_URL as given. Never for the app's own work.
   */
  maintenanceUrl: string;
  embedded: EmbeddedDb | null;
  filesDir: string;
  storage: Storage;
}> {
  const config = loadConfig();
  let embedded: EmbeddedDb | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      preferredPort: config.embeddedPgPort ?? derivedPort('dev'),
      shareRunning: true,
      ownSignals: true,
    });
    url = embedded.url;
  }
  // seeding 10,000 learners or importing content may run statements longer than a request's limit
  const database = createDatabase(url, { max: 2, statementTimeoutMs: config.dbSetupStatementTimeoutMs });
  const storage = openStorage(config.storage.target, config.filesDir, config.storage.credentials);
  await storage.probe();
  await prepareDatabase(database, { filesDir: config.filesDir, storage, seed: opts.seed });
  return { database, maintenanceUrl: embedded ? embedded.adminUrl : url, embedded, filesDir: config.filesDir, storage };
}

/** Runs a command-line tool's main and exits with its code (1, with the message, when it throws). */
export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
