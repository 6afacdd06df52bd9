import { choosesMany, defaultStyle, type Mineral, type MineralType, type Pebble, type TrailType } from '@cairn/shared';
import { computeProgress, isLocked, publicProgress } from '../trails/progress';
import { checksAtEnd } from './answers.feedback';
import type { AnswerRow, OptionRow, PebbleDetail, PebbleView } from './player.types';

/** What the player shows of a stored answer. */
export type AnswerLike = Pick<AnswerRow, 'mineralId' | 'options' | 'value' | 'mediaId'>;

// a stable pseudo-random rank, so an order or word-bubble mineral shows the same shuffle on every load
const rank = (id: number) => Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;

/** Options as shown: order and word bubbles shuffled (their declared order is the answer), others as declared. */
function shownOptions(type: MineralType, options: OptionRow[]): OptionRow[] {
  if (type !== 'order' && type !== 'word_bubble') return options;
  const shuffled = [...options].sort((a, b) => rank(a.id) - rank(b.id));
  // never show the solution itself
  if (shuffled.every((o, i) => o.id === options[i].id) && shuffled.length > 1) shuffled.push(shuffled.shift()!);
  return shuffled;
}

function presentMineral(m: PebbleDetail['minerals'][number], answer: AnswerLike | undefined): Mineral {
  const type = m.type as MineralType;
  const settings = m.settings as Record<string, unknown>;
  const style = (settings.type as string | undefined) ?? defaultStyle(type);
  return {
    id: m.id,
    type,
    properties: {
      ...(settings as object),
      title: m.title,
      ...(style ? { type: style as Mineral['properties']['type'] } : {}),
      values:
        m.options.length > 0
          ? shownOptions(type, m.options).map((o) => ({
              id: o.id,
              value: o.value,
              ...(o.media ? { media: o.media } : {}),
            }))
          : undefined,
      is_multiple: choosesMany(type),
      required: m.required,
      pool_id: m.shared ? m.id : null,
    },
    answer: answer
      ? {
          id: m.id,
          ...(answer.options ? { options: answer.options } : {}),
          value: answer.mediaId ?? answer.value,
        }
      : null,
  };
}

/** A pebble for the player, with the actor's answers, progress and the navigator. */
export function presentPebble(view: PebbleView, detail: PebbleDetail, answers: AnswerLike[], userId: number): Pebble {
  const t = view.trail;
  const p = detail.pebble;
  const index = view.pebbles.findIndex((x) => x.id === p.id);
  const state = view.states.get(p.id);
  const answered = !!state?.answeredAt;
  const shared = detail.minerals.find((m) => m.shared);
  const summary = view.pebbles[index];
  const progress = computeProgress(t, view.pebbles, view.states, view.triesUsed);
  // a trail that shows right and wrong only in the result (feedback: end) keeps both back until it is completed
  const withheld = checksAtEnd(t) && progress.status !== 'completed';
  return {
    id: p.id,
    name: p.name,
    type: t.type as TrailType,
    object: {
      fa_icon: summary?.faIcon ?? 'fa-circle',
      fa_icon_background: summary?.faIconBackground ?? null,
      fa_icon_border: summary?.faIconBorder ?? null,
    },
    user: { id: userId },
    trail_id: t.id,
    trail: { id: t.id, name: t.name, icon: t.iconUrl ? { url: t.iconUrl } : null },
    redirect_url: p.redirectUrl ?? t.redirectUrl,
    minerals: detail.minerals.map((m) =>
      presentMineral(
        m,
        answers.find((a) => a.mineralId === m.id),
      ),
    ),
    style: p.style ?? t.style,
    // feedback explains the answer, so it shows only once the pebble is answered
    feedback: answered && !withheld ? p.feedback : null,
    xp: p.xp,
    stage: p.stage,
    progress: publicProgress(progress),
    can_change_answer: p.canChangeAnswer,
    is_required: p.isRequired,
    is_last: index === view.pebbles.length - 1,
    answered,
    passed: answered && !withheld ? state?.passed === true : null,
    battle_id: null,
    backgroundLandscape: p.background,
    navigator: view.pebbles.map((x, i) => ({
      id: x.id,
      name: x.name,
      fa_icon: x.faIcon,
      fa_icon_background: x.faIconBackground,
      fa_icon_border: x.faIconBorder,
      is_locked: isLocked(i, view.pebbles, view.states),
      is_new: !view.states.has(x.id),
    })),
    poll_pool_id: shared ? shared.id : null,
  };
}
