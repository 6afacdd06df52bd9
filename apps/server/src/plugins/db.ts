import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type Database } from '../db/client';

/** `app.db` (Drizzle) and `app.database` (with the pool), closed with the app. */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { database?: Database }) {
    const url = app.config.databaseUrl;
    if (!opts.database && !url)
      throw new Error('buildApp needs config.databaseUrl (main.ts sets it for the embedded PostgreSQL)');
    const database =
      opts.database ??
      createDatabase(url!, {
        statementTimeoutMs: app.config.dbStatementTimeoutMs,
        onError: (err) => app.log.warn({ err }, 'idle database client error'),
      });
    app.decorate('database', database);
    app.decorate('db', database.db);
    // a database handed in by the caller stays the caller's to close
    if (!opts.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
