/** Live events on the per-user channel `channel-{userId}` (§4, §7). */
export interface ServerToClientEvents {
  BROADCAST_NEW_MESSAGE: (p: { discussion_id: number; message_id: number }) => void;
  /** a participant opened the discussion: the sender's read ticks change */
  CHAT_READ: (p: { discussion_id: number; user_id: number; last_read_message_id: number }) => void;
  NOTIFICATION: (p: { id: number }) => void;
  /** the profile's counters changed without a notification (new trails assigned): refetch the profile */
  COUNTERS: (p: Record<string, never>) => void;
  NOTIFY_RESULTS_PDF: (p: { trail_id: number; pdf: string }) => void;
  /** a battle the user plays in changed (an answer, acceptance, the end): refetch GET /api/battle/{id} */
  BATTLE_UPDATE: (p: { battle_id: number }) => void;
  DUE_DATE: (p: { type: 'one_day' | 'zero_day'; trails: { id: number; name: string }[] }) => void;
  START_DATE: (p: { type: 'zero_day' | 'two_days'; trails: { id: number; name: string }[] }) => void;
}
// biome-ignore lint/complexity/noBannedTypes: no client-to-server events yet
export type ClientToServerEvents = {};

/** The room a user's sockets join. */
export const userChannel = (userId: number) => `channel-${userId}`;
