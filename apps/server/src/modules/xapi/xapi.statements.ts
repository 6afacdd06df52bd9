import { createHash } from 'node:crypto';
import { isRightAnswer, MINERAL_RULEBOOK, type MineralType, scaleFor, type ValueLimits } from '@cairn/shared';
import type { Statement } from '@xapi/xapi';
import { type PebbleMark, progressOfMarks } from '../trails';
import type { OutboxRow, StatementContent, XapiSettingsRow } from './xapi.repo';

/**
 * The statements Cairn sends (xAPI 1.0.3, cmi5's verbs where they apply; docs/xapi.md). Activities are named by the
 * deployment's address, so two deployments never share an id; the content's language is not declared per trail, so
 * names carry the undetermined tag `und`.
 */
export const VERBS = {
  initialized: { id: 'http://adlnet.gov/expapi/verbs/initialized', display: { 'en-US': 'initialized' } },
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
  failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: { 'en-US': 'failed' } },
  rated: { id: 'http://id.tincanapi.com/verb/rated', display: { 'en-US': 'rated' } },
} as const;

const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const COURSE = 'http://adlnet.gov/expapi/activities/course';
const MODULE = 'http://adlnet.gov/expapi/activities/module';
export const EXT_ATTACHMENT = 'https://cairn.example/xapi/extensions/attachment';

const name = (text: string) => ({ und: text });

/** A UUID (version 5 layout) made from a statement id and a part: one outbox row's several statements, stable. */
export function derivedId(statementId: string, part: string): string {
  const h = createHash('sha1').update(`${statementId}/${part}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** ISO 8601 duration of a span in milliseconds (PT…S, to the hundredth of a second). */
export function isoDuration(ms: number): string {
  const total = Math.max(0, ms) / 1000;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round((total % 60) * 100) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

export interface BuildContext {
  /** the deployment's public address (PUBLIC_URL): the account's homePage and the activities' base */
  base: string;
  settings: Pick<XapiSettingsRow, 'actorEmail'>;
  content: StatementContent;
}

/** The statements of one outbox row (an answered pebble gives one per mineral answered). */
export function statementsOf(row: OutboxRow, ctx: BuildContext): Statement[] {
  const trail = ctx.content.trails.get(row.trail_id);
  if (!trail) return [];
  const user = ctx.content.users.get(row.user_id);
  const actor: Statement['actor'] = {
    objectType: 'Agent',
    account: { homePage: ctx.base, name: String(row.user_id) },
    ...(ctx.settings.actorEmail && user?.email ? { mbox: `mailto:${user.email}` } : {}),
  };
  // an Agent carries one identifier: with the e-mail opted in, the mbox replaces the account
  if ('mbox' in actor) delete (actor as { account?: unknown }).account;
  const trailActivity = {
    objectType: 'Activity' as const,
    id: `${ctx.base}/xapi/activities/trail/${trail.id}`,
    definition: { type: COURSE, name: name(trail.name) },
  };
  const timestamp = new Date(row.occurred_at).toISOString();
  const graded = trail.type === 'exam' || trail.type === 'battle';

  if (row.kind === 'initialized') {
    return [{ id: row.statement_id, actor, verb: VERBS.initialized, object: trailActivity, timestamp }];
  }
  if (row.kind === 'completed') {
    const marks = (row.data.marks ?? []) as PebbleMark[];
    const p = progressOfMarks(
      { triesTotal: 0, passPercent: trail.passPercent },
      marks,
      Number(row.data.tries_used ?? 1),
    );
    const started = row.data.started_at ? new Date(String(row.data.started_at)).getTime() : null;
    const verb = graded ? (p.trail_passed ? VERBS.passed : VERBS.failed) : VERBS.completed;
    return [
      {
        id: row.statement_id,
        actor,
        verb,
        object: trailActivity,
        result: {
          completion: true,
          ...(graded ? { success: p.trail_passed === true } : {}),
          ...(p.xp_total > 0
            ? { score: { raw: p.xp, min: 0, max: p.xp_total, scaled: Math.round((p.xp / p.xp_total) * 1e4) / 1e4 } }
            : {}),
          ...(started !== null ? { duration: isoDuration(new Date(row.occurred_at).getTime() - started) } : {}),
        },
        timestamp,
      },
    ];
  }
  const pebble = row.pebble_id === null ? undefined : ctx.content.pebbles.get(row.pebble_id);
  if (!pebble) return [];
  const pebbleActivity = {
    objectType: 'Activity' as const,
    id: `${ctx.base}/xapi/activities/pebble/${pebble.id}`,
    definition: { type: MODULE, name: name(pebble.name) },
  };
  if (row.kind === 'rated') {
    const rating = Number(row.data.rating);
    const comment = String(row.data.comment ?? '');
    return [
      {
        id: row.statement_id,
        actor,
        verb: VERBS.rated,
        object: pebbleActivity,
        result: {
          score: { raw: rating, min: 1, max: 5, scaled: rating / 5 },
          ...(comment ? { response: comment } : {}),
        },
        context: {
          contextActivities: { grouping: [trailActivity] },
          extensions: { 'https://cairn.example/xapi/extensions/rated-player': String(row.data.player_id) },
        },
        timestamp,
      },
    ];
  }
  // answered: one statement per mineral answered
  const answers = (row.data.answers ?? []) as {
    mineral_id: number;
    options: number[] | null;
    value: string | null;
    media_id: number | null;
  }[];
  const out: Statement[] = [];
  for (const a of answers) {
    const m = ctx.content.minerals.get(a.mineral_id);
    if (!m) continue;
    const interaction = interactionOf(m, a, ctx.base);
    const key = {
      declared: m.options.map((o) => o.id),
      correct: m.options.filter((o) => o.correct).map((o) => o.id),
      accepted: m.correct && 'values' in m.correct ? m.correct.values : [],
    };
    const hasKey =
      MINERAL_RULEBOOK[m.type].scoring === 'declared_order' || key.correct.length > 0 || key.accepted.length > 0;
    out.push({
      id: answers.length === 1 ? row.statement_id : derivedId(row.statement_id, String(m.id)),
      actor,
      verb: VERBS.answered,
      object: {
        objectType: 'Activity',
        id: `${ctx.base}/xapi/activities/mineral/${m.id}`,
        definition: { type: INTERACTION, name: name(m.title), ...interaction.definition },
      } as Statement['object'],
      result: {
        completion: true,
        ...(interaction.response !== null ? { response: interaction.response } : {}),
        ...(graded && hasKey ? { success: isRightAnswer(m.type, a, key) } : {}),
        ...(interaction.attachment ? { extensions: { [EXT_ATTACHMENT]: interaction.attachment } } : {}),
      },
      context: { contextActivities: { parent: [pebbleActivity], grouping: [trailActivity] } },
      timestamp,
    });
  }
  return out;
}

type MineralOf = StatementContent['minerals'] extends Map<number, infer M> ? M : never;
const optionId = (id: number) => `o${id}`;

/** The xAPI interaction of a mineral type: its definition and the learner's response in that format. */
function interactionOf(
  m: MineralOf,
  a: { options: number[] | null; value: string | null; media_id: number | null },
  base: string,
): { definition: Record<string, unknown>; response: string | null; attachment?: string } {
  const rule = MINERAL_RULEBOOK[m.type as MineralType];
  const choices = m.options.map((o) => ({ id: optionId(o.id), description: name(o.value) }));
  const picked = (a.options ?? []).map(optionId).join('[,]');
  switch (rule.family) {
    case 'choice': {
      const correct = m.options.filter((o) => o.correct).map((o) => optionId(o.id));
      return {
        definition: {
          interactionType: 'choice',
          choices,
          ...(correct.length ? { correctResponsesPattern: [correct.join('[,]')] } : {}),
        },
        response: picked,
      };
    }
    case 'order':
    case 'words': {
      const sequence =
        rule.scoring === 'declared_order'
          ? m.options.map((o) => optionId(o.id))
          : m.options.filter((o) => o.correct).map((o) => optionId(o.id));
      return {
        definition: {
          interactionType: 'sequencing',
          choices,
          ...(sequence.length ? { correctResponsesPattern: [sequence.join('[,]')] } : {}),
        },
        response: picked,
      };
    }
    case 'scale': {
      const { min: lo, max: hi } = scaleFor(m.type, m.settings as ValueLimits);
      // a long numeric scale is sent without its steps listed (a likert scale of hundreds of steps helps nobody)
      const steps = Number.isInteger(lo) && Number.isInteger(hi) && hi >= lo && hi - lo <= 20;
      const scale = steps
        ? Array.from({ length: hi - lo + 1 }, (_, i) => ({ id: String(lo + i), description: name(String(lo + i)) }))
        : undefined;
      return {
        definition: { interactionType: 'likert', ...(scale ? { scale } : {}) },
        response: a.value === null ? null : String(a.value),
      };
    }
    case 'upload': {
      const url = a.media_id ? `${base}/api/media/${a.media_id}/download` : undefined;
      return { definition: { interactionType: 'other' }, response: url ?? null, attachment: url };
    }
    default: {
      const accepted = m.correct && 'values' in m.correct ? m.correct.values : [];
      return {
        definition: {
          interactionType: m.type === 'number_input' ? 'numeric' : 'fill-in',
          ...(accepted.length && m.type !== 'number_input' ? { correctResponsesPattern: accepted.slice(0, 20) } : {}),
        },
        response: a.value ?? null,
      };
    }
  }
}
