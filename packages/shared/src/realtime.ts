import type { NotificationData } from './notifications';

/** Live events on the per-user channel `channel-{userId}` (§4, §7). */
export interface ServerToClientEvents {
  BROADCAST_NEW_MESSAGE: (p: { discussion_id: number; message_id: number }) => void;
  /** a participant opened the discussion: the sender's read ticks change */
  CHAT_READ: (p: { discussion_id: number; user_id: number; last_read_message_id: number }) => void;
  NOTIFICATION: (p: { id: number }) => void;
  /** the user joined or left a discussion, or it was renamed or deleted (an admin changed a team): refetch the chats */
  CHATS_CHANGED: (p: { discussion_id: number }) => void;
  /** the profile's counters changed without a notification (new trails assigned): refetch the profile */
  COUNTERS: (p: Record<string, never>) => void;
  NOTIFY_RESULTS_PDF: (p: { trail_id: number; pdf: string }) => void;
  /**
   * a battle the user plays in changed (an answer, acceptance, the end): refetch GET /api/battle/{id}. After an
   * answer, `user_id` answered `pebble_id`: the other side's reveal of that question shows it, the score moves.
   */
  BATTLE_UPDATE: (p: { battle_id: number; user_id?: number; pebble_id?: number }) => void;
  /** the stored notice's data (notifications.ts), emitted live beside it */
  DUE_DATE: (p: NotificationData<'DUE_DATE'>) => void;
  START_DATE: (p: NotificationData<'START_DATE'>) => void;
  /**
   * The server is closing this connection: its access token expired (refresh, then connect again), its session
   * was revoked (logout, sign out everywhere, password reset: do not reconnect), or it sent too many events.
   */
  LIVE_CLOSED: (p: { reason: LiveClosedReason }) => void;
}

export type LiveClosedReason = 'token_expired' | 'session_revoked' | 'too_many_events';

/** The answer to `auth`: ok, or the refusal's code (token_expired, unauthenticated, forbidden). */
export type LiveAuthAnswer = { ok: true; expires_in: number } | { ok: false; code: string };

export interface ClientToServerEvents {
  /**
   * Re-authenticates the connection with a fresh access token of the same user (sent after every refresh); the
   * server closes a connection whose token expires without this.
   */
  auth: (token: string, ack: (answer: LiveAuthAnswer) => void) => void;
}

/** Longest access token the live connection accepts (ours are 47 characters). */
export const LIVE_TOKEN_MAX = 256;

/** The room a user's sockets join. */
export const userChannel = (userId: number) => `channel-${userId}`;
