/**
 * The mineral rulebook: for each of the 22 mineral types, what an answer looks like, when it is complete, how many
 * options may be chosen and how it is scored. The server's answer checker, scorer and content checker and the web's
 * answer form read these rules; nobody else writes them down (docs/scoring.md, "Where a new mineral type goes").
 * Plain code, no zod: the web player imports it without the schemas.
 */
import type { MineralType } from '../minerals';
import { EMAIL_MAX, type Rule, type RuleFailure, URL_MAX } from '../validation';
import { checkValue, normalise, scaleFor, TEXT_MAX_DEFAULT, type ValueLimits } from './values';

/** input: typed text; upload: a file; scale: rating or opinion; choice: sa_/ma_/yes_no; order; words: word bubble. */
export type MineralFamily = 'input' | 'upload' | 'scale' | 'choice' | 'order' | 'words';
/** What the answer is: option ids, a typed value, or a media id returned by POST /media. */
export type AnswerShape = 'options' | 'value' | 'media';
/** How many options may be chosen: one; many (up to the mineral's select limit when it sets one); all, in an order. */
export type Choose = 'one' | 'many' | 'all' | 'none';
/**
 * How an answer is scored (docs/scoring.md): same_set, the chosen options are exactly the correct ones; correct_sequence,
 * the chosen options are the correct ones in their declared order; declared_order, every option in the declared order;
 * accepted_value, the value (normalised) is one of the accepted values; any, every valid answer. Where a mineral marks
 * no correct option or declares no accepted value, any valid answer is right.
 */
export type Scoring = 'same_set' | 'correct_sequence' | 'declared_order' | 'accepted_value' | 'any';

export interface MineralRule {
  family: MineralFamily;
  answer: AnswerShape;
  choose: Choose;
  scoring: Scoring;
  /** the media kind every option must carry (media-choice minerals) */
  optionMedia?: 'image' | 'audio' | 'video';
  /** the media kind the uploaded file must be (upload minerals; none: any file) */
  uploadMedia?: 'image' | 'audio' | 'video';
  /** the display styles a package may set; the first is the default */
  styles?: readonly string[];
  /** the options when the package declares none; a package that declares them gives exactly as many */
  fixedOptions?: readonly string[];
}

const input: MineralRule = { family: 'input', answer: 'value', choose: 'none', scoring: 'accepted_value' };
const upload: MineralRule = { family: 'upload', answer: 'media', choose: 'none', scoring: 'any' };
const single = (optionMedia?: MineralRule['optionMedia']): MineralRule => ({
  family: 'choice',
  answer: 'options',
  choose: 'one',
  scoring: 'same_set',
  ...(optionMedia ? { optionMedia } : {}),
});
const multiple = (optionMedia?: MineralRule['optionMedia']): MineralRule => ({
  ...single(optionMedia),
  choose: 'many',
});

/** The rulebook, in the order of MINERAL_TYPES. */
export const MINERAL_RULEBOOK: Readonly<Record<MineralType, MineralRule>> = {
  text_input: input,
  number_input: input,
  email_input: input,
  url_input: input,
  date_input: input,
  audio_input: { ...upload, uploadMedia: 'audio' },
  image_input: { ...upload, uploadMedia: 'image' },
  video_input: { ...upload, uploadMedia: 'video' },
  file_input: upload,
  opinion: { family: 'scale', answer: 'value', choose: 'none', scoring: 'any', styles: ['opinion', 'numbers'] },
  '5_point_rating': {
    family: 'scale',
    answer: 'value',
    choose: 'none',
    scoring: 'any',
    styles: ['numbers', 'stars', 'emojis'],
  },
  yes_no: { ...single(), styles: ['thumb', 'text'], fixedOptions: ['Yes', 'No'] },
  sa_text: single(),
  ma_text: multiple(),
  sa_image: single('image'),
  ma_image: multiple('image'),
  sa_audio: single('audio'),
  ma_audio: multiple('audio'),
  sa_video: single('video'),
  ma_video: multiple('video'),
  order: { family: 'order', answer: 'options', choose: 'all', scoring: 'declared_order' },
  word_bubble: { family: 'words', answer: 'options', choose: 'many', scoring: 'correct_sequence' },
};

const typesWhere = (keep: (r: MineralRule) => boolean): readonly MineralType[] =>
  (Object.keys(MINERAL_RULEBOOK) as MineralType[]).filter((t) => keep(MINERAL_RULEBOOK[t]));

/** Typed-text minerals: the only ones a package may give accepted (correct) values. */
export const INPUT_TYPES = typesWhere((r) => r.family === 'input');
/** Upload minerals: the answer is a media id returned by POST /media. */
export const UPLOAD_TYPES = typesWhere((r) => r.family === 'upload');
/** Choice minerals: the answer is a set of option ids. */
export const CHOICE_TYPES = typesWhere((r) => r.family === 'choice');
/** Minerals whose answer is a list of option ids. */
export const OPTION_TYPES = typesWhere((r) => r.answer === 'options');
/** Multiple-answer choice minerals (ma_). */
export const MULTI_TYPES = typesWhere((r) => r.family === 'choice' && r.choose === 'many');
/** The media kind each option of a media-choice mineral must carry. */
export const OPTION_MEDIA_KIND: Partial<Record<MineralType, 'image' | 'audio' | 'video'>> = Object.fromEntries(
  typesWhere((r) => r.optionMedia !== undefined).map((t) => [t, MINERAL_RULEBOOK[t].optionMedia]),
);

/** The media kind the file of an upload mineral must be (file_input takes any file): the answer's check, POST /media. */
export const UPLOAD_MEDIA_KIND: Partial<Record<MineralType, 'image' | 'audio' | 'video'>> = Object.fromEntries(
  typesWhere((r) => r.uploadMedia !== undefined).map((t) => [t, MINERAL_RULEBOOK[t].uploadMedia]),
);

/** More than one option makes the answer (ma_, order, word bubble): the player's and the polls' `is_multiple`. */
export const choosesMany = (type: MineralType) => ['many', 'all'].includes(MINERAL_RULEBOOK[type].choose);
/** The mineral may cap the options chosen (select_limit, stored as maSelectLimit). */
export const takesSelectLimit = (type: MineralType) => MINERAL_RULEBOOK[type].choose === 'many';
/** The default display style, when the package sets none. */
export const defaultStyle = (type: MineralType): string | undefined => MINERAL_RULEBOOK[type].styles?.[0];

const fail = (rule: RuleFailure['rule'], params: RuleFailure['params'] = {}): RuleFailure => ({ rule, params });

/** An empty typed answer: nothing, or only spaces. */
export const isEmptyValue = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The first rule a list of chosen option ids breaks, or null. `own`: the mineral's option ids as declared;
 * `limit`: its select limit (0: none).
 */
export function checkOptions(
  type: MineralType,
  ids: readonly number[],
  own: readonly number[],
  limit: number,
  required: boolean,
): RuleFailure | null {
  const { choose } = MINERAL_RULEBOOK[type];
  const known = new Set(own);
  if (ids.length === 0) return required ? fail('required') : null;
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) return fail('oneOf');
  if (choose === 'one' && ids.length > 1) return fail('max_value', { max: 1 });
  if (choose === 'many' && limit > 0 && ids.length > limit) return fail('max_value', { max: limit });
  if (choose === 'all' && ids.length !== known.size) return fail('oneOf');
  return null;
}

/** The media id an upload answer names (a positive integer, or its digits), or null. */
export function mediaIdOf(v: string | number): number | null {
  const id = typeof v === 'number' ? v : /^\d+$/.test(String(v).trim()) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What the checker knows of a mineral: its option ids as declared, select limit (0: none), value limits. */
export interface MineralFacts {
  options: readonly number[];
  limit: number;
  limits: ValueLimits;
  required: boolean;
}

/**
 * The first rule an answer to a mineral of this type breaks, or null: option ids by checkOptions, an empty value by
 * required, a media id by mediaIdOf, a typed value by checkValue. Values are bounded (ANSWER_VALUE_MAX) before this.
 */
export function checkAnswer(
  type: MineralType,
  given: { options?: readonly number[] | null; value?: string | number | null } | undefined,
  mineral: MineralFacts,
): RuleFailure | null {
  const { answer } = MINERAL_RULEBOOK[type];
  if (answer === 'options')
    return checkOptions(type, given?.options ?? [], mineral.options, mineral.limit, mineral.required);
  const v = given?.value;
  if (v === null || v === undefined || isEmptyValue(v)) return mineral.required ? fail('required') : null;
  if (answer === 'media') return mediaIdOf(v) === null ? fail('integer') : null;
  return checkValue(type, v, mineral.limits);
}

/** Where a multiple-answer choice stands against its limit: what the hint under the question says. */
export function choiceProgress(
  limit: number,
  chosen: number,
): { state: 'any' | 'choose' | 'more' | 'ready'; count: number } {
  if (limit === 0) return { state: 'any', count: 0 };
  if (chosen === 0) return { state: 'choose', count: limit };
  if (chosen < limit) return { state: 'more', count: limit - chosen };
  return { state: 'ready', count: 0 };
}

/**
 * The §5 rules the answer form checks a typed answer against (the length before any pattern, as on the server);
 * an option answer only needs to be there when required.
 */
export function formRules(type: MineralType, limits: { min?: number; max?: number }, required: boolean): Rule[] {
  const rules: Rule[] = required ? [{ rule: 'required' }] : [];
  const { min, max } = limits;
  switch (type) {
    case 'number_input':
      rules.push({ rule: 'numeric' });
      if (min !== undefined) rules.push({ rule: 'min_value', min });
      if (max !== undefined) rules.push({ rule: 'max_value', max });
      break;
    case 'email_input':
      rules.push({ rule: 'max', length: EMAIL_MAX }, { rule: 'email' });
      break;
    case 'url_input':
      rules.push({ rule: 'max', length: URL_MAX }, { rule: 'url' });
      break;
    case 'date_input':
      rules.push({ rule: 'date' });
      break;
    case 'text_input':
      rules.push({ rule: 'max', length: max ?? TEXT_MAX_DEFAULT });
      break;
    case 'opinion':
    case '5_point_rating': {
      const scale = scaleFor(type, limits);
      rules.push({ rule: 'min_value', min: scale.min }, { rule: 'max_value', max: scale.max });
      break;
    }
  }
  return rules;
}

/** What scoring compares an answer with: the options as declared, those marked correct, the accepted values. */
export interface AnswerKey {
  declared: readonly number[];
  correct: readonly number[];
  accepted: readonly (string | number)[];
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameSequence = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a valid answer is right (docs/scoring.md); minerals without a right answer accept any valid one. */
export function isRightAnswer(
  type: MineralType,
  given: { options?: readonly number[] | null; value?: string | number | null } | undefined,
  key: AnswerKey,
): boolean {
  const options = given?.options ?? [];
  switch (MINERAL_RULEBOOK[type].scoring) {
    case 'same_set':
      return key.correct.length === 0 || sameSet(options, key.correct);
    case 'correct_sequence':
      return key.correct.length === 0 || sameSequence(options, key.correct);
    case 'declared_order':
      return sameSequence(options, key.declared);
    case 'accepted_value': {
      if (key.accepted.length === 0) return true;
      if (given?.value == null) return false;
      const got = normalise(type, given.value);
      return key.accepted.some((v) => normalise(type, v) === got);
    }
    case 'any':
      return true;
  }
}
