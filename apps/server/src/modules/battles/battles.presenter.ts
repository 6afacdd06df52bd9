import type { Battle, BattleResult } from '@cairn/shared';
import type { BattleAnswerRow, BattlePebble, BattleRow } from './battles.repo';

const rgb = (c: { r: number; g: number; b: number }) => `rgb(${c.r}, ${c.g}, ${c.b})`;

/** The trail's colours as the battle screens and notifications show them; null when the trail has none. */
export function styleOf(b: Pick<BattleRow, 'trail_style'>) {
  const s = b.trail_style;
  return s?.color0 && s.color1 ? { font_color: rgb(s.color0), bg_color_from: rgb(s.color1) } : null;
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
  const challenger = side('challenger');
  // §4: finished for the viewer when the battle is, or the viewer is the challenger and has finished their side
  const finishedForMe = b.status === 'finished' || (me === 'challenger' && challenger.status === 'finished');
  return {
    id: b.id,
    battle_id: b.id,
    status: b.status,
    trail: { id: b.trail_id, name: b.trail_name },
    challenger,
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
    finished_for_me: finishedForMe,
    questions: finishedForMe
      ? pebbles.map((p) => ({
          id: p.id,
          name: p.name,
          passed_me: mine.get(p.id)?.passed ?? null,
          passed_opponent: theirs.get(p.id)?.passed ?? null,
        }))
      : [],
    timing: null,
    reveals: [],
  };
}

/** One battle of GET /api/me/battles for the viewer: sides, outcome and, once finished, every question. */
export function presentBattleResult(
  r: BattleRow,
  answers: BattleAnswerRow[],
  pebbles: (BattlePebble & { trail_id: number })[],
  viewer: number,
): BattleResult {
  const meChallenger = r.challenger_id === viewer;
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
    outcome: !done ? null : r.winner_id === null ? 'draw' : r.winner_id === viewer ? 'won' : 'lost',
    me: side(meChallenger),
    opponent: side(!meChallenger),
    questions: done
      ? pebbles
          .filter((p) => p.trail_id === r.trail_id)
          .map((p) => ({
            name: p.name,
            passed_me: answerOf(viewer, p.id)?.passed ?? null,
            passed_opponent: answerOf(opponentId, p.id)?.passed ?? null,
          }))
      : [],
  };
}
