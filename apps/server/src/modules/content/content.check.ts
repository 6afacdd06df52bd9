import {
  ANSWER_VALUE_MAX,
  checkValue,
  INPUT_TYPES,
  MINERAL_RULEBOOK,
  type MineralType,
  OPINION_MAX_STEPS,
  OPTION_MEDIA_KIND,
  OPTION_TYPES,
  takesSelectLimit,
} from '@cairn/shared';
import type { z } from 'zod';
import { mediaKindOf } from './content.media';
import { type MineralDecl, optionOf, type TrailPackage } from './content.schema';

/** One problem in a package, located by its path (`pebbles[3].minerals[0].values`). */
export interface ContentProblem {
  path: string;
  message: string;
}

/** Formats a zod/issue path the way authors read it: `pebbles[3].minerals[0].values`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(package)';
}

/** Every schema problem of a package, not just the first. */
export function schemaProblems(error: z.ZodError): ContentProblem[] {
  return error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
}

/** Rules the schema can't express: options per type, correct answers, stages, dimensions, rewards. */
export function semanticProblems(pkg: TrailPackage): ContentProblem[] {
  const out: ContentProblem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const dims = new Set(pkg.dimensions.map((d) => d.key));
  const stages = new Set(pkg.pebbles.flatMap((p) => (p.stage ? [p.stage] : [])));

  pkg.dimensions.forEach((d, i) => {
    if (pkg.dimensions.findIndex((x) => x.key === d.key) !== i) add(`dimensions[${i}].key`, `duplicate key ${d.key}`);
  });
  if (pkg.dimensions.length > 0 && pkg.type !== 'assessment')
    add('dimensions', 'only assessment trails have dimensions');
  if (pkg.icon && mediaKindOf(pkg.icon) !== 'image') add('icon', 'must be an image file');
  if (pkg.battle && pkg.type !== 'battle') add('battle', 'only battle trails have battle settings');

  pkg.pebbles.forEach((p, pi) => {
    if (p.background && mediaKindOf(p.background) === null)
      add(`pebbles[${pi}].background`, 'must be an image or video');
    for (const [mi, m] of p.minerals.entries()) checkMineral(m, `pebbles[${pi}].minerals[${mi}]`, dims, add);
  });

  pkg.rewards.forEach((r, i) => {
    const at = `rewards[${i}]`;
    if (pkg.rewards.findIndex((x) => x.key === r.key) !== i) add(`${at}.key`, `duplicate key ${r.key}`);
    const v = r.unlock.value;
    if (r.unlock.on === 'xp_at_least' && (typeof v !== 'number' || v < 0))
      add(`${at}.unlock.value`, 'xp_at_least needs a number of xp');
    if (r.unlock.on === 'stage_completed' && (typeof v !== 'string' || !stages.has(v)))
      add(`${at}.unlock.value`, 'stage_completed needs the name of a stage used by a pebble');
  });
  return out;
}

function checkMineral(
  m: MineralDecl,
  at: string,
  dims: Set<string>,
  add: (path: string, message: string) => void,
): void {
  const type: MineralType = m.type;
  const values = (m.values ?? []).map(optionOf);
  const isOptions = OPTION_TYPES.includes(type);
  const rule = MINERAL_RULEBOOK[type];

  if (isOptions) {
    const fixed = rule.fixedOptions;
    if (fixed) {
      if (m.values && values.length !== fixed.length)
        add(`${at}.values`, `${type} has exactly ${fixed.length} options (or none: ${fixed.join(', ')})`);
    } else if (values.length < 2) add(`${at}.values`, 'at least 2 options');
    const correct = values.filter((v) => v.correct).length;
    if (rule.choose === 'one' && correct > 1)
      add(`${at}.values`, 'a single-answer mineral has at most 1 correct option');
    if (rule.scoring === 'declared_order' && correct > 0)
      add(`${at}.values`, 'order: the declared order is the answer; drop correct');
    values.forEach((v, vi) => {
      if (pkgDupe(values, vi)) add(`${at}.values[${vi}].value`, `duplicate option ${v.value}`);
      const want = OPTION_MEDIA_KIND[type];
      if (want && !v.media) add(`${at}.values[${vi}].media`, `a ${type} option needs an ${want} file`);
      if (v.media) {
        const kind = mediaKindOf(v.media);
        if (want ? kind !== want : kind === null) add(`${at}.values[${vi}].media`, `must be ${want ?? 'a media'} file`);
      }
      for (const k of Object.keys(v.scores ?? {}))
        if (!dims.has(k)) add(`${at}.values[${vi}].scores.${k}`, `unknown dimension ${k}`);
    });
    if (m.correct !== undefined) add(`${at}.correct`, 'option minerals mark correct options in values');
  } else if (m.values) add(`${at}.values`, `${type} has no options`);

  if (m.select_limit !== undefined) {
    if (!takesSelectLimit(type)) add(`${at}.select_limit`, 'only for multiple-answer minerals');
    else if (m.select_limit > values.length) add(`${at}.select_limit`, 'more than the number of options');
  }

  if (m.correct !== undefined && !isOptions) {
    if (!INPUT_TYPES.includes(type)) add(`${at}.correct`, `${type} has no correct answer`);
    else {
      const list = Array.isArray(m.correct) ? m.correct : [m.correct];
      list.forEach((c, ci) => {
        const f = checkValue(type, c, { min: m.min, max: m.max });
        if (f)
          add(
            Array.isArray(m.correct) ? `${at}.correct[${ci}]` : `${at}.correct`,
            `not a valid ${type} answer (${f.rule})`,
          );
      });
    }
  }

  if (m.min !== undefined && m.max !== undefined && m.min > m.max) add(`${at}.min`, 'min is above max');
  if (type === 'text_input' && m.max !== undefined && m.max > ANSWER_VALUE_MAX)
    add(`${at}.max`, `a text answer is at most ${ANSWER_VALUE_MAX} characters`);
  if (type === 'opinion' && m.min !== undefined && m.max !== undefined && m.max - m.min + 1 > OPINION_MAX_STEPS)
    add(`${at}.max`, `an opinion scale has at most ${OPINION_MAX_STEPS} steps`);
  const styles = rule.styles ?? [];
  if (m.style !== undefined && !styles.includes(m.style))
    add(`${at}.style`, `${type} takes style ${(rule.styles ?? ['(none)']).join(' | ')}`);
  if (m.dimension !== undefined) {
    if (!dims.has(m.dimension)) add(`${at}.dimension`, `unknown dimension ${m.dimension}`);
    if (rule.family !== 'scale') add(`${at}.dimension`, 'only rating and opinion minerals score a dimension');
  }
  m.media?.forEach((f, i) => {
    if (mediaKindOf(f) === null) add(`${at}.media[${i}]`, 'must be an image, audio or video file');
  });
}

function pkgDupe(values: { value: string }[], i: number): boolean {
  return values.findIndex((v) => v.value === values[i].value) !== i;
}
