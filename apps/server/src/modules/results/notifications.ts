import { userChannel } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export const NOTIFY_REWARD = 'NOTIFY_REWARD';
export const NOTIFY_CERTIFICATE = 'NOTIFY_CERTIFICATE';
export const NOTIFY_RESULTS_PDF = 'NOTIFY_RESULTS_PDF';

const CHANNEL = 'cairn_notification';

type Tx = Pick<Db, 'insert' | 'execute'>;

/**
 * Stores a notification and announces it with pg_notify, which PostgreSQL delivers only when the
 * transaction commits: the live NOTIFICATION event can never reach a client before the row is readable.
 */
export async function createNotification(
  tx: Tx,
  userId: number,
  event: string,
  data: Record<string, unknown>,
): Promise<number> {
  const [row] = await tx.insert(notifications).values({ userId, event, data }).returning({ id: notifications.id });
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ id: row.id, user_id: userId })})`);
  return row.id;
}

/** Listens for committed notifications of this database and emits NOTIFICATION {id} to the user's sockets. */
export async function listenForNotifications(app: FastifyInstance): Promise<void> {
  const connectionString = (app.database.pool.options as { connectionString?: string }).connectionString;
  if (!connectionString) return;
  const client = new pg.Client({ connectionString });
  client.on('error', (err) => {
    // 57P01: the server is shutting down (Ctrl-C reaches the embedded PostgreSQL too): expected, not a warning
    if ((err as { code?: string }).code === '57P01') app.log.debug({ err }, 'notification listener closed');
    else app.log.warn({ err }, 'notification listener error');
  });
  await client.connect();
  await client.query(`listen ${CHANNEL}`);
  client.on('notification', (msg) => {
    try {
      const { id, user_id: userId } = JSON.parse(msg.payload ?? '{}') as { id: number; user_id: number };
      // every process hears the notify: each tells only its own sockets (no fan-out through the Redis adapter)
      app.realtime.io.local.to(userChannel(userId)).emit('NOTIFICATION', { id });
    } catch (err) {
      app.log.warn({ err }, 'bad notification payload');
    }
  });
  app.addHook('preClose', async () => {
    await client.end().catch(() => {});
  });
}
