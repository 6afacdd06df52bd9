import { namedStatement } from '../../db/client';
import { isoTextSql } from '../../lib/days';

export interface NotificationPageRow {
  /** null on a page past the end (the counts still come, on one row) */
  id: number | null;
  event: string;
  data: Record<string, unknown>;
  /** as ISO 8601 text (isoTextSql) */
  read_at: string | null;
  created_at: string;
  total: number;
  unread: number;
}

/**
 * GET /api/notificationsAll/{page} in one prepared statement: the user's total and unread counts, and beside them
 * the page's rows (newest first) — at least one row, with the counts, when the page is empty. $1 user, $2 limit,
 * $3 offset. Dates as ISO 8601 text. Both read the `notifications_user_idx` index (user_id, created_at).
 */
export const notificationsPage = namedStatement<NotificationPageRow>(
  'cairn_notifications_page',
  `select n.id, n.event, n.data, ${isoTextSql('n.read_at')} as read_at, ${isoTextSql('n.created_at')} as created_at,
     c.total, c.unread
   from (select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
         from notifications where user_id = $1) c
   left join lateral (select id, event, data, read_at, created_at from notifications where user_id = $1
                      order by created_at desc, id desc limit $2 offset $3) n on true
   order by n.created_at desc, n.id desc`,
);
