import type { mineralAnswers, mineralOptions, minerals, pebbles } from '../../db/schema';
import type { PebbleFacts } from '../ratings/ratings.repo';
import type { StateLite } from '../trails/progress';
import type { PebbleSummary, TrailRow, TrailView } from '../trails/trails.repo';

// The player's domain types: what the repository reads and the checker, scorer, presenter and caches work on.

export type PebbleRow = typeof pebbles.$inferSelect;
export type MineralRow = typeof minerals.$inferSelect;
export type OptionRow = typeof mineralOptions.$inferSelect;
export type AnswerRow = typeof mineralAnswers.$inferSelect;

/** A pebble with its minerals and their options, in position order. */
export interface PebbleDetail {
  pebble: PebbleRow;
  minerals: (MineralRow & { options: OptionRow[] })[];
}

/** An answer as the statements send it (a mineral_answers row's answer columns). */
export type AnswerJson = Pick<AnswerRow, 'mineralId' | 'options' | 'value' | 'mediaId'>;

/** What the player presents of a trail (a TrailView's trail has these and more). */
export type PlayerTrail = Pick<
  TrailRow,
  'id' | 'name' | 'type' | 'iconUrl' | 'redirectUrl' | 'style' | 'triesTotal' | 'passPercent' | 'feedbackMode'
>;

/** What presenting a pebble needs of a trail's view (a TrailView is one). */
export interface PebbleView {
  trail: PlayerTrail;
  pebbles: PebbleSummary[];
  states: Map<number, StateLite>;
  triesUsed: number;
  /** the actor's assignment start day (YYYY-MM-DD), when set */
  startsOn: string | null;
}

/** GET /api/pebbles/{trail} as its statement sends it (see currentPebbleStatement). */
export interface CurrentPebble {
  view: PebbleView;
  /** the current pebble, opened; null when the request is refused (the caller says why, from the view) */
  detail: PebbleDetail | null;
  /** the actor's answers to it */
  answers: AnswerJson[];
  /** its ratings and players-answered count, only for rated and shared (poll) pebbles */
  facts: PebbleFacts | null;
}

/** The answer's context as the load statement sends it. */
export interface AnswerContext {
  view: TrailView;
  /** the answered pebble's detail */
  detail: PebbleDetail;
  /** the pebble presented after the answer: the next one in position order, the answered one when it is the last */
  next: PebbleDetail;
  /** the actor's live media rows among the ids the answers name (upload answers are checked against them) */
  media: { id: number; kind: string }[];
}
