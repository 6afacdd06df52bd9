import {
  type AppNotification,
  NOTIFICATIONS_PER_PAGE,
  type NotificationOf,
  type NotificationsPage,
  parseNotificationData,
  type ServerToClientEvents,
} from '@cairn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { signUrl } from '../../lib/file-urls';
import { notFound } from '../../lib/http-error';
import { parsePlainNotification } from './notification-payload';
import { notificationsPage } from './notifications.repo';

/** The events and the shapes of their data: packages/shared/src/notifications.ts (a new kind: docs/notifications.md). */
export {
  DUE_DATE,
  NOTIFY_BATTLE,
  NOTIFY_CERTIFICATE,
  NOTIFY_RBO,
  NOTIFY_RESULTS_PDF,
  NOTIFY_REWARD,
  START_DATE,
} from '@cairn/shared';

/** The pg_notify channel of live notifications (delivered when the notifying transaction commits). */
export const NOTIFICATION_CHANNEL = 'cairn_notification';
const CHANNEL = NOTIFICATION_CHANNEL;

/**
 * Stores a notification and announces it with pg_notify, which PostgreSQL delivers only when the
 * transaction commits: the live NOTIFICATION event can never reach a client before the row is readable.
 * `event` and `data` are typed together by the shared map (NotificationOf): data that does not fit its event's
 * kind does not compile.
 */
export async function createNotification(tx: Tx, userId: number, ...[event, data]: NotificationOf): Promise<number> {
  const [row] = await tx.insert(notifications).values({ userId, event, data }).returning({ id: notifications.id });
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ id: row.id, user_id: userId })})`);
  return row.id;
}

/**
 * Emits a live event to a user's sockets once the transaction commits (pg_notify), without storing a row: battle
 * progress (BATTLE_UPDATE), the DUE_DATE / START_DATE events beside their stored notification.
 */
export async function emitOnCommit<E extends keyof ServerToClientEvents>(
  tx: Tx,
  userId: number,
  event: E,
  data: Parameters<ServerToClientEvents[E]>[0],
): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ user_id: userId, event, data })})`);
}

/** emitOnCommit for many users in one statement (an import assigning a trail to a whole customer). */
export async function emitToManyOnCommit<E extends keyof ServerToClientEvents>(
  tx: Pick<Tx, 'execute'>,
  userIds: number[],
  event: E,
  data: Parameters<ServerToClientEvents[E]>[0],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    select pg_notify(${CHANNEL}, json_build_object('user_id', u, 'event', ${event}::text, 'data', ${JSON.stringify(data)}::json)::text)
    from unnest(${`{${userIds.join(',')}}`}::int[]) u`);
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
  const { realtime } = app;
  client.on('notification', (msg) => {
    try {
      // the common payload, {"id":N,"user_id":M}, read without JSON.parse (notification-payload.ts)
      const plain = parsePlainNotification(msg.payload ?? '');
      if (plain) return realtime.notifyLocalUser(plain.userId, plain.id);
      const p = JSON.parse(msg.payload ?? '{}') as { id?: number; user_id: number; event?: string; data?: unknown };
      // every process hears the notify: each tells only its own sockets (no fan-out through the Redis adapter)
      if (p.event) (realtime.emitToLocalUser as (u: number, e: string, d: unknown) => void)(p.user_id, p.event, p.data);
      else realtime.emitToLocalUser(p.user_id, 'NOTIFICATION', { id: p.id! });
    } catch (err) {
      app.log.warn({ err }, 'bad notification payload');
    }
  });
  app.addHook('preClose', async () => {
    await client.end().catch(() => {});
  });
}

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'event' | 'data' | 'readAt' | 'createdAt'>;

/** The data fields that hold a stored file's URL (results and certificate PDFs), written by the server only. */
const FILE_FIELDS = ['pdf', 'file'] as const;

/**
 * Row → §3 Notification. `data` is parsed by its kind (the shared map): fields the kind does not have are dropped,
 * and a row whose data does not fit its kind (or whose event is unknown) is shown generically — listed and
 * counted like any other, its event kept, its data empty — never a failed list (docs/notifications.md).
 * Stored file URLs are signed for this reader (private files, docs/security.md).
 */
function presentNotification(
  row: Pick<NotificationRow, 'id' | 'event' | 'data'> & { readAt: Date | string | null; createdAt: Date | string },
): AppNotification {
  const data: Record<string, unknown> = { ...parseNotificationData(row.event, row.data) };
  for (const f of FILE_FIELDS) if (typeof data[f] === 'string') data[f] = signUrl(data[f] as string);
  const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
  return {
    id: row.id,
    event: row.event,
    read_at: row.readAt === null ? null : iso(row.readAt),
    created_at: iso(row.createdAt),
    data,
  };
}

/** GET /api/notifications/{id}: one of the actor's notifications, marked read. */
export async function readNotification(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

/**
 * GET /api/notificationsAll/{page}: a page of the actor's own notifications, newest first, with the total and
 * unread counts (both from the `notifications_user_idx` index: user_id, created_at).
 */
export async function listNotifications(db: Db, actor: Actor, page: number): Promise<NotificationsPage> {
  const rows = await notificationsPage(db, [actor.userId, NOTIFICATIONS_PER_PAGE, (page - 1) * NOTIFICATIONS_PER_PAGE]);
  const { total, unread } = rows[0];
  return {
    data: rows.flatMap((r) =>
      r.id === null
        ? []
        : [presentNotification({ id: r.id, event: r.event, data: r.data, readAt: r.read_at, createdAt: r.created_at })],
    ),
    meta: {
      pagination: {
        total,
        total_pages: Math.ceil(total / NOTIFICATIONS_PER_PAGE),
        current_page: page,
        per_page: NOTIFICATIONS_PER_PAGE,
      },
    },
    unread,
  };
}
