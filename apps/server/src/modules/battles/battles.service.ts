import {
  BATTLE_RULES,
  type Battle,
  type BattleNotificationType,
  type BattleResult,
  type BattleStats,
  CONTENDERS_PER_PAGE,
  type ContendersPage,
  type MyBattles,
} from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type Actor, isPublicActor } from '../../lib/actor';
import { HttpError, notFound } from '../../lib/http-error';
import { createNotification, emitToManyOnCommit, NOTIFY_BATTLE } from '../notifications/notifications.service';
import {
  type BattleAnswerRow,
  type BattlePebble,
  type BattleRow,
  battleRowSql,
  eligibleSql,
  loadAnswers,
  loadBattle,
  loadBattleTrail,
  loadPebbles,
  nameSql,
  normalise,
  pointsOf,
  statsSql,
} from './battles.repo';

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
function visible(b: BattleRow | null, actor: Actor): BattleRow {
  if (!b || b.customer_id !== actor.customerId || (b.challenger_id !== actor.userId && b.contender_id !== actor.userId))
    throw battleNotFound();
  return b;
}

const rgb = (c: { r: number; g: number; b: number }) => `rgb(${c.r}, ${c.g}, ${c.b})`;
function styleOf(b: Pick<BattleRow, 'trail_style'>) {
  const s = b.trail_style;
  return s?.color0 && s.color1 ? { font_color: rgb(s.color0), bg_color_from: rgb(s.color1) } : null;
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

/** BATTLE_UPDATE to both sides on commit (one statement). */
async function announce(tx: Tx, b: BattleRow) {
  await emitToManyOnCommit(tx, [b.challenger_id, b.contender_id], 'BATTLE_UPDATE', { battle_id: b.id });
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
  const target = await db.execute<{ id: number }>(
    sql`select u.id from users u where u.id = ${userId} and ${eligibleSql(customerId, trailId)}`,
  );
  if (target.rows.length === 0) throw notFound('User not found');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const res = await tx.execute<{ id: number }>(sql`
        insert into battles (customer_id, trail_id, challenger_id, contender_id)
        values (${customerId}, ${trailId}, ${actor.userId}, ${userId}) returning id`);
      const b = (await loadBattle(tx, res.rows[0].id))!;
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
    if (accept) {
      const deadline = new Date(Date.now() + BATTLE_RULES.deadlineHours * HOUR);
      await tx.execute(sql`update battles set status = 'accepted', accepted_at = now(), deadline_at = ${deadline}
                           where id = ${id}`);
    } else {
      await tx.execute(sql`update battles set status = 'declined', declined_at = now() where id = ${id}`);
    }
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
  const res = await tx.execute<{ challenger_score: number; contender_score: number }>(sql`
    update battles set status = 'finished', finished_at = now(),
      challenger_score = coalesce((select sum(points) from battle_answers
                                   where battle_id = ${b.id} and user_id = ${b.challenger_id}), 0),
      contender_score = coalesce((select sum(points) from battle_answers
                                  where battle_id = ${b.id} and user_id = ${b.contender_id}), 0)
    where id = ${b.id} returning challenger_score, contender_score`);
  const { challenger_score: a, contender_score: c } = res.rows[0];
  const winner = a === c ? null : a > c ? b.challenger_id : b.contender_id;
  await tx.execute(sql`update battles set winner_id = ${winner} where id = ${b.id}`);
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
): Promise<void> {
  const b = visible(await loadBattle(tx, battleId, true), actor);
  if (b.trail_id !== trailId) throw unprocessable('battle_id', 'This pebble is not part of the battle');
  const mine = b.challenger_id === actor.userId ? 'challenger' : 'contender';
  const open = b.status === 'accepted' || (b.status === 'challenged' && mine === 'challenger');
  if (!open || (b.deadline_at && b.deadline_at <= new Date())) throw battleState('This battle cannot be played now');
  const pebbles = known ?? (await loadPebbles(tx, trailId));
  const pebble = pebbles.find((p) => p.id === pebbleId);
  if (!pebble) throw unprocessable('battle_id', 'This pebble is not part of the battle');
  const points = pointsOf(pebble.xp, passed);
  const res = await tx.execute<{ answered: number }>(sql`
    with counted as (
      insert into battle_answers (battle_id, user_id, pebble_id, passed, points)
      values (${battleId}, ${actor.userId}, ${pebbleId}, ${passed}, ${points})
      on conflict do nothing returning points
    ), scored as (
      update battles set ${sql.raw(`${mine}_score = ${mine}_score`)} + (select points from counted)
      where id = ${battleId} and exists (select 1 from counted) returning id
    )
    select (select count(*) from battle_answers where battle_id = ${battleId} and user_id = ${actor.userId})::int
           + (select count(*) from counted)::int as answered`);
  const answered = res.rows[0].answered;
  const doneBefore = mine === 'challenger' ? b.challenger_done_at : b.contender_done_at;
  if (answered >= pebbles.length && !doneBefore) {
    await tx.execute(sql`update battles set ${sql.raw(`${mine}_done_at`)} = now() where id = ${battleId}`);
    const otherDone = mine === 'challenger' ? b.contender_done_at : b.challenger_done_at;
    if (b.status === 'accepted' && otherDone) {
      await finishBattle(tx, b);
      return;
    }
  }
  await announce(tx, b);
}

function sideStatus(b: BattleRow, side: 'challenger' | 'contender') {
  if (b.status === 'finished') return 'finished' as const;
  const done = side === 'challenger' ? b.challenger_done_at : b.contender_done_at;
  if (side === 'contender') {
    if (b.status === 'declined') return 'declined' as const;
    if (b.status === 'challenged') return 'pending' as const;
  }
  return done ? ('finished' as const) : ('playing' as const);
}

/** Row + pebbles + answers → §3 Battle for the viewer. */
export function presentBattle(
  b: BattleRow,
  pebbles: BattlePebble[],
  answers: BattleAnswerRow[],
  viewer: number,
): Battle {
  const me = b.challenger_id === viewer ? 'challenger' : 'contender';
  const opponentId = me === 'challenger' ? b.contender_id : b.challenger_id;
  const of = (userId: number) => new Map(answers.filter((a) => a.user_id === userId).map((a) => [a.pebble_id, a]));
  const mine = of(viewer);
  const theirs = of(opponentId);
  const score = (m: Map<number, BattleAnswerRow>) => [...m.values()].reduce((s, a) => s + a.points, 0);
  const playing = b.status === 'accepted' || (b.status === 'challenged' && me === 'challenger');
  const next = playing ? (pebbles.find((p) => !mine.has(p.id))?.id ?? null) : null;
  const side = (s: 'challenger' | 'contender') => {
    const id = s === 'challenger' ? b.challenger_id : b.contender_id;
    const m = id === viewer ? mine : theirs;
    return {
      id,
      name: s === 'challenger' ? b.challenger_name : b.contender_name,
      avatar: s === 'challenger' ? b.challenger_avatar : b.contender_avatar,
      status: sideStatus(b, s),
      answered: m.size,
      score: score(m),
    };
  };
  return {
    id: b.id,
    battle_id: b.id,
    status: b.status,
    trail: { id: b.trail_id, name: b.trail_name },
    challenger: side('challenger'),
    contender: side('contender'),
    me,
    style: styleOf(b),
    total: pebbles.length,
    next_pebble_id: next,
    created_at: b.created_at.toISOString(),
    accepted_at: b.accepted_at?.toISOString() ?? null,
    finished_at: b.finished_at?.toISOString() ?? null,
    deadline_at: b.deadline_at?.toISOString() ?? null,
    winner_id: b.winner_id,
    questions:
      b.status === 'finished'
        ? pebbles.map((p) => ({
            id: p.id,
            name: p.name,
            passed_me: mine.get(p.id)?.passed ?? null,
            passed_opponent: theirs.get(p.id)?.passed ?? null,
          }))
        : [],
  };
}

/** GET /api/battle/{id}. */
export async function getBattle(db: Db, actor: Actor, id: number): Promise<Battle> {
  assertBattler(actor);
  let b = visible(await loadBattle(db, id), actor);
  if (b.status === 'accepted' && b.deadline_at && b.deadline_at <= new Date()) {
    await finishIfOverdue(db, id, new Date());
    b = (await loadBattle(db, id))!;
  }
  const [pebbles, answers] = await Promise.all([loadPebbles(db, b.trail_id), loadAnswers(db, [b.id])]);
  return presentBattle(b, pebbles, answers, actor.userId);
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
  const res = await db.execute<{
    id: number;
    name: string;
    avatar: string | null;
    stats: BattleStats;
    open_battle_id: number | null;
    total: number;
  }>(sql`
    select u.id, ${nameSql('u')} as name, u.avatar_url as avatar, ${statsSql('u')} as stats,
           (select b.id from battles b where b.trail_id = ${trailId} and b.status in ('challenged', 'accepted')
              and ((b.challenger_id = ${actor.userId} and b.contender_id = u.id)
                or (b.contender_id = ${actor.userId} and b.challenger_id = u.id)) limit 1) as open_battle_id,
           (count(*) over ())::int as total
    from users u
    where ${eligibleSql(customerId, trailId)} and u.id <> ${actor.userId}
      ${search ? sql`and (${nameSql('u')} ilike ${search} or u.email ilike ${search})` : sql``}
    order by lower(${nameSql('u')}), u.id
    limit ${CONTENDERS_PER_PAGE} offset ${(query.page - 1) * CONTENDERS_PER_PAGE}`);
  const total = res.rows[0]?.total ?? 0;
  return {
    data: res.rows.map(({ total: _t, ...r }) => r),
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
  const [list, summary] = await Promise.all([
    db.execute<BattleRow>(sql`${battleRowSql}
      where (b.challenger_id = ${actor.userId} or b.contender_id = ${actor.userId})
      order by coalesce(b.finished_at, b.created_at) desc, b.id desc
      limit ${MY_BATTLES_LIMIT}`),
    db.execute<{ stats: BattleStats }>(sql`select ${statsSql('u')} as stats from users u where u.id = ${actor.userId}`),
  ]);
  const rows = list.rows.map(normalise);
  const finished = rows.filter((r) => r.status === 'finished');
  const trailIds = [...new Set(finished.map((r) => r.trail_id))];
  const [answers, pebbles] = await Promise.all([
    loadAnswers(
      db,
      finished.map((r) => r.id),
    ),
    trailIds.length === 0
      ? Promise.resolve({ rows: [] as (BattlePebble & { trail_id: number })[] })
      : db.execute<BattlePebble & { trail_id: number }>(sql`
          select id, name, xp, trail_id from pebbles where trail_id = any(${`{${trailIds.join(',')}}`}::int[])
          order by position, id`),
  ]);
  const battles: BattleResult[] = rows.map((r) => {
    const meChallenger = r.challenger_id === actor.userId;
    const opponentId = meChallenger ? r.contender_id : r.challenger_id;
    const side = (challenger: boolean) => ({
      id: challenger ? r.challenger_id : r.contender_id,
      name: challenger ? r.challenger_name : r.contender_name,
      avatar: challenger ? r.challenger_avatar : r.contender_avatar,
      score: challenger ? r.challenger_score : r.contender_score,
    });
    const done = r.status === 'finished';
    const answerOf = (userId: number, pebbleId: number) =>
      answers.find((a) => a.battle_id === r.id && a.user_id === userId && a.pebble_id === pebbleId);
    return {
      id: r.id,
      status: r.status,
      finished_at: r.finished_at?.toISOString() ?? null,
      trail: { id: r.trail_id, name: r.trail_name },
      outcome: !done ? null : r.winner_id === null ? 'draw' : r.winner_id === actor.userId ? 'won' : 'lost',
      me: side(meChallenger),
      opponent: side(!meChallenger),
      questions: done
        ? pebbles.rows
            .filter((p) => p.trail_id === r.trail_id)
            .map((p) => ({
              name: p.name,
              passed_me: answerOf(actor.userId, p.id)?.passed ?? null,
              passed_opponent: answerOf(opponentId, p.id)?.passed ?? null,
            }))
        : [],
    };
  });
  return { summary: summary.rows[0].stats, battles };
}
