import { z } from 'zod';
import { BATTLE_NOTIFICATION_TYPES, type BattleNotificationType, battleStyleSchema } from './api/battles';

/**
 * The notification kinds: each event (and, where it has one, each `type` of it) with the shape of its `data`.
 * The server stores a notification through `createNotification`, typed by this map (the reward one is written in
 * the answer's statement, in the same shape), and parses `data` by its kind when it reads the list back; the
 * web's event table (apps/web/src/features/notifications/notification-events.ts) has a row per event.
 * A new kind: docs/notifications.md.
 */

export const NOTIFY_BATTLE = 'NOTIFY_BATTLE';
export const NOTIFY_RBO = 'NOTIFY_RBO';
export const NOTIFY_REWARD = 'NOTIFY_REWARD';
export const NOTIFY_CERTIFICATE = 'NOTIFY_CERTIFICATE';
export const NOTIFY_RESULTS_PDF = 'NOTIFY_RESULTS_PDF';
/** Due-date and start-date notices (§3, §4): stored as notifications with these events and emitted live. */
export const DUE_DATE = 'DUE_DATE';
export const START_DATE = 'START_DATE';

const id = z.number().int();
const text = z.string();
const trailRef = { trail_id: id, trail: text };

/** NOTIFY_BATTLE (§76): the same fields for all seven types; `player` is the other side. */
const battleFields = {
  ...trailRef,
  battle_id: id,
  player: text,
  /** the contender replaced (oppenent_changed), else null */
  old_player: text.nullable(),
  avatar: text.nullable(),
  style: battleStyleSchema,
};
const battleData = z.discriminatedUnion(
  'type',
  BATTLE_NOTIFICATION_TYPES.map((type) => z.object({ type: z.literal(type), ...battleFields })) as [
    z.ZodObject<{ type: z.ZodLiteral<BattleNotificationType> } & typeof battleFields>,
    ...z.ZodObject<{ type: z.ZodLiteral<BattleNotificationType> } & typeof battleFields>[],
  ],
);

/** NOTIFY_RBO (docs/ratings.md): a request to rate a peer's answer, or a rating of the reader's own answer. */
const rboData = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('request'),
    ...trailRef,
    pebble_id: id,
    player_id: id,
    /** the player whose answer is to be rated */
    player: text,
    avatar: text.nullable(),
    mandatory: z.boolean(),
  }),
  z.object({
    type: z.literal('rating'),
    ...trailRef,
    pebble_id: id,
    player_id: id,
    rater: text,
    rater_id: id,
    avatar: text.nullable(),
    rating: z.number().int().min(1).max(5),
    comment: text,
  }),
]);

const trailList = z.array(z.object({ id, name: text }));

/** Every notification event → the zod schema of its `data` (a union over `type` where the event has types). */
export const NOTIFICATION_DATA = {
  [NOTIFY_BATTLE]: battleData,
  [NOTIFY_RBO]: rboData,
  /** the rewards a declaration earned (written in the answer's statement, player/answers.store.ts) */
  [NOTIFY_REWARD]: z.object({ rewards: z.array(id), ...trailRef }),
  /** a certificate, announced once its PDF is rendered; `file` and `pdf` are stored unsigned, signed per reader */
  [NOTIFY_CERTIFICATE]: z.object({ certificates: z.array(id), name: text, file: text, pdf: text, ...trailRef }),
  /** the results PDF made by its job (stored unsigned, signed per reader) */
  [NOTIFY_RESULTS_PDF]: z.object({ pdf: text, ...trailRef }),
  [DUE_DATE]: z.object({ type: z.enum(['one_day', 'zero_day']), trails: trailList }),
  [START_DATE]: z.object({ type: z.enum(['zero_day', 'two_days']), trails: trailList }),
} as const;

export type NotificationEvent = keyof typeof NOTIFICATION_DATA;
/** The `data` of a notification of event E. */
export type NotificationData<E extends NotificationEvent> = z.infer<(typeof NOTIFICATION_DATA)[E]>;
/** The events of the map, in its order. */
export const NOTIFICATION_EVENTS = Object.keys(NOTIFICATION_DATA) as NotificationEvent[];

/** The `type` values an event's data has (its union's options, or its `type` enum), or none. */
function typesOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodDiscriminatedUnion) return (schema.options as z.ZodObject[]).flatMap((o) => typesOf(o));
  const type = schema instanceof z.ZodObject ? schema.shape.type : undefined;
  if (type instanceof z.ZodLiteral) return type.values.size ? [...type.values].map(String) : [];
  if (type instanceof z.ZodEnum) return type.options.map(String);
  return [];
}

/**
 * Every kind: `EVENT.type` for an event with types (NOTIFY_BATTLE.challenge, DUE_DATE.one_day …), else the event
 * (NOTIFY_REWARD). Derived from the map, so a new event or type is a new kind here.
 */
export const NOTIFICATION_KINDS: readonly string[] = NOTIFICATION_EVENTS.flatMap((event) => {
  const types = typesOf(NOTIFICATION_DATA[event]);
  return types.length ? types.map((type) => `${event}.${type}`) : [event];
});

/** An event and its data, as one tuple per kind: a data that does not fit its event is a type error. */
export type NotificationOf = { [E in NotificationEvent]: [event: E, data: NotificationData<E>] }[NotificationEvent];

export const isNotificationEvent = (event: string): event is NotificationEvent =>
  Object.hasOwn(NOTIFICATION_DATA, event);

/**
 * `data` parsed by its event's schema (fields the kind does not have are dropped), or null when the event is
 * unknown or the data does not fit it.
 */
export function parseNotificationData<E extends NotificationEvent>(event: E, data: unknown): NotificationData<E> | null;
export function parseNotificationData(event: string, data: unknown): Record<string, unknown> | null;
export function parseNotificationData(event: string, data: unknown): Record<string, unknown> | null {
  if (!isNotificationEvent(event)) return null;
  const parsed = NOTIFICATION_DATA[event].safeParse(data);
  return parsed.success ? parsed.data : null;
}
