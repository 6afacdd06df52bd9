import {
  BATTLE_RULES,
  type Battle,
  type BattleNotificationType,
  CONTENDERS_PER_PAGE,
  type ContendersPage,
  type MyBattles,
} from '@cairn/shared';
import type { Db, Tx } from '../../db/client';
import type { BattleAnswerContent } from '../../db/schema';
import { type Actor, isPublicActor } from '../../lib/actor';
import { HttpError, notFound } from '../../lib/http-error';
import { createNotification, emitToManyOnCommit, NOTIFY_BATTLE } from '../notifications/notifications.service';
import { presentBattle, presentBattleResult, styleOf } from './battles.presenter';
import {
  type BattlePebble,
  type BattleRow,
  countAnswer,
  findContenders,
  insertBattle,
  isEligible,
  loadAnswers,
  loadBattle,
  loadBattleTrail,
  loadMyBattleRows,
  loadPebbles,
  loadPebblesOfTrails,
  loadStats,
  markDone,
  normalise,
  pointsOf,
  scoreAndFinish,
  setAnswered,
  setWinner,
} from './battles.repo';
import {
  limitMs,
  loadRevealMinerals,
  loadTiming,
  presentReveals,
  scoreAnswer,
  servedAgo,
  type TimingColumns,
  timingColumnsSql,
  timingOf,
} from './battles.timing';

const HOUR = 3600_000;

export const battleExists = () =>
  new HttpError(409, 'battle_exists', 'A battle between you two on this trail is already open');
export const battleState = (message: string) => new HttpError(409, 'battle_state', message);
const unprocessable = (field: string, message: string) =>
  new HttpError(422, 'validation_failed', message, { errors: { [field]: [message] } });
const battleNotFound = () => notFound('Battle not found');

function assertBattler(actor: Actor): number {
  if (actor.customerId === null || isPublicActor(actor))
    throw new HttpError(403, 'forbidden', 'Public users cannot battle');
  return actor.customerId;
}

/** The battle when the actor is one of its sides (and of its customer); else 404. */
function visible<B extends BattleRow>(b: B | null, actor: Actor): B {
  if (!b || b.customer_id !== actor.customerId || (b.challenger_id !== actor.userId && b.contender_id !== actor.userId))
    throw battleNotFound();
  return b;
}

/** Stores a NOTIFY_BATTLE notification (§76 fields) for `to`, about `player` (the other side). */
export async function notifyBattle(
  tx: Tx,
  to: number,
  type: BattleNotificationType,
  b: BattleRow,
  player: { name: string; avatar: string | null },
  oldPlayer: string | null = null,
): Promise<void> {
  await createNotification(tx, to, NOTIFY_BATTLE, {
    type,
    battle_id: b.id,
    trail_id: b.trail_id,
    trail: b.trail_name,
    player: player.name,
    old_player: oldPlayer,
    avatar: player.avatar,
    style: styleOf(b),
  });
}

const challengerOf = (b: BattleRow) => ({ name: b.challenger_name, avatar: b.challenger_avatar });
const contenderOf = (b: BattleRow) => ({ name: b.contender_name, avatar: b.contender_avatar });

/** BATTLE_UPDATE to both sides on commit (one statement); after an answer, who answered which question. */
async function announce(tx: Tx, b: BattleRow, answer?: { user_id: number; pebble_id: number }) {
  await emitToManyOnCommit(tx, [b.challenger_id, b.contender_id], 'BATTLE_UPDATE', { battle_id: b.id, ...answer });
}

function isPgUnique(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** POST /api/game/challenge/{trailId}: the actor challenges `userId` on battle trail `trailId`. */
export async function challenge(db: Db, actor: Actor, trailId: number, userId: number): Promise<Battle> {
  const customerId = assertBattler(actor);
  const trail = await loadBattleTrail(db, customerId, actor.userId, trailId);
  if (!trail?.assigned) throw notFound('Trail not found');
  if (trail.type !== 'battle') throw unprocessable('trail', 'Only battle trails can be played as a battle');
  if (userId === actor.userId) throw unprocessable('user_id', 'You cannot challenge yourself');
  if (!(await isEligible(db, customerId, trailId, userId))) throw notFound('User not found');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const newId = await insertBattle(tx, { customerId, trailId, challengerId: actor.userId, contenderId: userId });
      const b = (await loadBattle(tx, newId))!;
      await notifyBattle(tx, userId, 'challenge', b, challengerOf(b));
      return b.id;
    });
  } catch (err) {
    if (isPgUnique(err)) throw battleExists();
    throw err;
  }
  return getBattle(db, actor, id);
}

/** POST /api/battle/{id}/accept and /decline: the contender answers a waiting challenge. */
export async function answerChallenge(db: Db, actor: Actor, id: number, accept: boolean): Promise<Battle> {
  assertBattler(actor);
  await db.transaction(async (tx) => {
    const b = visible(await loadBattle(tx, id, true), actor);
    if (b.contender_id !== actor.userId) throw new HttpError(403, 'forbidden', 'Only the challenged player can answer');
    if (b.status !== 'challenged') throw battleState('This challenge has already been answered');
    await setAnswered(tx, id, accept, new Date(Date.now() + BATTLE_RULES.deadlineHours * HOUR));
    await notifyBattle(tx, b.challenger_id, accept ? 'accepted' : 'declined', b, contenderOf(b));
    await announce(tx, b);
  });
  return getBattle(db, actor, id);
}

/**
 * Ends a battle (its row locked by the caller): scores from the counted answers, the winner (none on a draw),
 * `finished` to both sides. A side that has not answered every pebble forfeits the rest (they score nothing).
 */
export async function finishBattle(tx: Tx, b: BattleRow): Promise<void> {
  const { challenger_score: a, contender_score: c } = await scoreAndFinish(tx, b);
  const winner = a === c ? null : a > c ? b.challenger_id : b.contender_id;
  await setWinner(tx, b.id, winner);
  await notifyBattle(tx, b.challenger_id, 'finished', b, contenderOf(b));
  await notifyBattle(tx, b.contender_id, 'finished', b, challengerOf(b));
  await announce(tx, b);
}

/** Accepted battles past their deadline end now (the scheduled job does it too; reads never show a stale battle). */
async function finishIfOverdue(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const b = await loadBattle(tx, id, true);
    if (b?.status !== 'accepted' || !b.deadline_at || b.deadline_at > now) return false;
    await finishBattle(tx, b);
    return true;
  });
}

/**
 * Inside the answer's transaction (player.service answerPebble, when the form carries battle_id): counts the
 * answer to `pebbleId` in battle `battleId` for the actor. The first acknowledged answer per pebble counts; a
 * repeat (a second tab, a retry) changes nothing. The battle ends when both sides have answered every pebble.
 * Refuses (rolling the answer back) a battle that is not the actor's (404), of another trail (422), or that
 * cannot be played now (409: declined, finished, past its deadline, or not yet accepted for the contender).
 * True when the actor has now answered every question of the battle (the answer's response then carries it).
 */
export async function recordBattleAnswer(
  tx: Tx,
  actor: Actor,
  battleId: number,
  trailId: number,
  pebbleId: number,
  passed: boolean,
  /** the trail's pebbles in position order, when the caller has them (else read here) */
  known?: BattlePebble[],
  /** what was answered (the reveal shows it) */
  given?: BattleAnswerContent[],
): Promise<boolean> {
  const b = visible(
    await loadBattle<TimingColumns>(tx, battleId, true, timingColumnsSql(actor.userId, pebbleId)),
    actor,
  );
  if (b.trail_id !== trailId) throw unprocessable('battle_id', 'This pebble is not part of the battle');
  const mine = b.challenger_id === actor.userId ? 'challenger' : 'contender';
  const open = b.status === 'accepted' || (b.status === 'challenged' && mine === 'challenger');
  if (!open || (b.deadline_at && b.deadline_at <= new Date())) throw battleState('This battle cannot be played now');
  const pebbles = known ?? (await loadPebbles(tx, trailId));
  const pebble = pebbles.find((p) => p.id === pebbleId);
  if (!pebble) throw unprocessable('battle_id', 'This pebble is not part of the battle');
  // the server's own record decides the time (docs/battles.md): never the client's clock
  const { points, speed, late } = scoreAnswer(pointsOf(pebble.xp, true), passed, timingOf(b));
  const answers = given?.map(({ mineralId, options, value }) => ({ mineralId, options, value })) ?? null;
  const answered = await countAnswer(tx, {
    battleId,
    userId: actor.userId,
    pebbleId,
    passed,
    points: passed ? points : 0,
    side: mine,
    answers,
    late,
    speed,
  });
  const doneBefore = mine === 'challenger' ? b.challenger_done_at : b.contender_done_at;
  if (answered >= pebbles.length && !doneBefore) {
    await markDone(tx, battleId, mine);
    const otherDone = mine === 'challenger' ? b.contender_done_at : b.challenger_done_at;
    if (b.status === 'accepted' && otherDone) {
      await finishBattle(tx, b);
      return true;
    }
  }
  await announce(tx, b, { user_id: actor.userId, pebble_id: pebbleId });
  return answered >= pebbles.length;
}

/**
 * GET /api/battle/{id}. In a timed battle, `serve` (the viewer's next question, shown now) starts that question's
 * clock: the first serve is recorded (battle_serves) and its time left is measured from there on the server's
 * clock. A read without it (a refetch while the reveal shows) never starts a clock.
 */
export async function getBattle(db: Db, actor: Actor, id: number, serve?: number): Promise<Battle> {
  assertBattler(actor);
  let b = visible(await loadBattle(db, id), actor);
  if (b.status === 'accepted' && b.deadline_at && b.deadline_at <= new Date()) {
    await finishIfOverdue(db, id, new Date());
    b = (await loadBattle(db, id))!;
  }
  const [pebbles, answers, minerals] = await Promise.all([
    loadPebbles(db, b.trail_id),
    loadAnswers(db, [b.id]),
    loadRevealMinerals(db, b.trail_id),
  ]);
  const battle = presentBattle(b, pebbles, answers, actor.userId);
  const opponent = battle.me === 'challenger' ? b.contender_id : b.challenger_id;
  battle.reveals = presentReveals(pebbles, minerals, answers, actor.userId, opponent);
  const next = battle.next_pebble_id;
  const timing = await loadTiming(db, b.trail_id, actor.userId);
  if (timing.seconds !== null) {
    const limit = limitMs(timing);
    const elapsed =
      next !== null && limit !== null
        ? await servedAgo(db, { battleId: b.id, userId: actor.userId, pebbleId: next, first: serve === next })
        : null;
    battle.timing = {
      seconds_per_question: timing.seconds,
      my_seconds: limit === null ? null : Math.round(limit / 1000),
      extended_time: timing.need,
      speed_bonus: timing.speedBonus,
      remaining_ms: elapsed === null || limit === null ? null : Math.max(0, limit - elapsed),
    };
  }
  return battle;
}

/** GET /api/game/contenders/{trailId}: who the actor may challenge there, searchable, paged (two queries). */
export async function listContenders(
  db: Db,
  actor: Actor,
  trailId: number,
  query: { search?: string; page: number },
): Promise<ContendersPage> {
  const customerId = assertBattler(actor);
  const trail = await loadBattleTrail(db, customerId, actor.userId, trailId);
  if (!trail?.assigned) throw notFound('Trail not found');
  if (trail.type !== 'battle') throw unprocessable('trail', 'Only battle trails can be played as a battle');
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await findContenders(db, {
    customerId,
    userId: actor.userId,
    trailId,
    search,
    limit: CONTENDERS_PER_PAGE,
    offset: (query.page - 1) * CONTENDERS_PER_PAGE,
  });
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map(({ total: _t, ...r }) => r),
    meta: {
      pagination: {
        total,
        total_pages: Math.ceil(total / CONTENDERS_PER_PAGE),
        current_page: query.page,
        per_page: CONTENDERS_PER_PAGE,
      },
    },
  };
}

/** How many battles GET /api/me/battles lists (the newest). */
export const MY_BATTLES_LIMIT = 50;

/** GET /api/me/battles: the summary over finished battles and the newest battles (four queries, whatever the count). */
export async function myBattles(db: Db, actor: Actor): Promise<MyBattles> {
  assertBattler(actor);
  const [list, stats] = await Promise.all([
    loadMyBattleRows(db, actor.userId, MY_BATTLES_LIMIT),
    loadStats(db, actor.userId),
  ]);
  const rows = list.map(normalise);
  const finished = rows.filter((r) => r.status === 'finished');
  const trailIds = [...new Set(finished.map((r) => r.trail_id))];
  const [answers, pebbles] = await Promise.all([
    loadAnswers(
      db,
      finished.map((r) => r.id),
    ),
    loadPebblesOfTrails(db, trailIds),
  ]);
  const battles = rows.map((r) => presentBattleResult(r, answers, pebbles, actor.userId));
  return { summary: stats, battles };
}
