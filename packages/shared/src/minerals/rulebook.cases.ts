/**
 * Test fixture: one case table for the 22 mineral types, run by three tests with the same cases: against the
 * rulebook (minerals/rulebook.test.ts), against the server's answer checker and scorer
 * (apps/server/src/modules/player/rulebook.server.test.ts) and against the web's answer form
 * (apps/web/src/features/player/test/rulebook.web.test.ts). Not imported by product code.
 */
import type { MineralType } from '../minerals';
import type { RuleName } from '../validation';
import { EMAIL_MAX } from '../validation';

/** A mineral of a case. Option minerals have the options OPTION_IDS (yes_no only the first two), in that order. */
export interface CaseMineral {
  /** the option ids marked correct */
  correct?: number[];
  /** the accepted values of an input mineral */
  accepted?: string[];
  min?: number;
  max?: number;
  /** select_limit (maSelectLimit), 0 or unset: none */
  selectLimit?: number;
}

export interface RulebookCase {
  name: string;
  type: MineralType;
  mineral?: CaseMineral;
  /** the answer given; the mineral is required */
  answer: { options?: number[]; value?: string | number | null };
  /** the server's checker: the first rule the answer breaks, or null when it is accepted */
  check: RuleName | null;
  /** for an accepted answer: whether it is scored right */
  right?: boolean;
  /**
   * the answer form: the rule that keeps Next disabled, or null when the answer is complete. Unset: as `check`. The
   * form leaves option ids, limits (its inputs cannot exceed them) and media ids to the server.
   */
  form?: RuleName | null;
  /** the hint under a multiple-answer choice: its state and count */
  hint?: { state: 'any' | 'choose' | 'more' | 'ready'; count: number };
}

export const OPTION_IDS = [101, 102, 103] as const;
/** The options of a case's mineral as declared. */
export const optionsOf = (type: MineralType): number[] =>
  type === 'yes_no' ? OPTION_IDS.slice(0, 2) : usesOptionIds(type) ? [...OPTION_IDS] : [];
const usesOptionIds = (type: MineralType) =>
  type === 'order' || type === 'word_bubble' || type.startsWith('sa_') || type.startsWith('ma_');

const longEmail = `a@${'b'.repeat(EMAIL_MAX)}.com`;

export const RULEBOOK_CASES: readonly RulebookCase[] = [
  // typed inputs
  {
    name: 'a text within its length',
    type: 'text_input',
    mineral: { max: 10 },
    answer: { value: 'Hello' },
    check: null,
    right: true,
  },
  {
    name: 'a text over its length',
    type: 'text_input',
    mineral: { max: 5 },
    answer: { value: 'Too long' },
    check: 'max',
  },
  { name: 'no text when required', type: 'text_input', answer: { value: '  ' }, check: 'required' },
  {
    name: 'an accepted text, cased and spaced otherwise',
    type: 'text_input',
    mineral: { accepted: ['Blue sky'] },
    answer: { value: '  blue   SKY ' },
    check: null,
    right: true,
  },
  {
    name: 'a text not accepted',
    type: 'text_input',
    mineral: { accepted: ['Blue sky'] },
    answer: { value: 'green' },
    check: null,
    right: false,
  },
  {
    name: 'an accepted number written otherwise',
    type: 'number_input',
    mineral: { accepted: ['42.0'] },
    answer: { value: '42' },
    check: null,
    right: true,
  },
  { name: 'a number that is not one', type: 'number_input', answer: { value: 'forty' }, check: 'numeric' },
  {
    name: 'a number over the maximum',
    type: 'number_input',
    mineral: { max: 10 },
    answer: { value: 11 },
    check: 'max_value',
  },
  {
    name: 'an accepted email in capitals',
    type: 'email_input',
    mineral: { accepted: ['ann@example.com'] },
    answer: { value: 'Ann@Example.com' },
    check: null,
    right: true,
  },
  { name: 'an email without a domain', type: 'email_input', answer: { value: 'ann@' }, check: 'email' },
  {
    name: 'an email over EMAIL_MAX (the form names the length)',
    type: 'email_input',
    answer: { value: longEmail },
    check: 'email',
    form: 'max',
  },
  {
    name: 'an accepted url with scheme, www and slash',
    type: 'url_input',
    mineral: { accepted: ['example.com'] },
    answer: { value: 'https://www.example.com/' },
    check: null,
    right: true,
  },
  { name: 'a url that is not one', type: 'url_input', answer: { value: 'not a url' }, check: 'url' },
  { name: 'a leap day', type: 'date_input', answer: { value: '2024-02-29' }, check: null, right: true },
  { name: 'a day that does not exist', type: 'date_input', answer: { value: '2023-02-29' }, check: 'date' },
  {
    name: 'the wrong accepted day',
    type: 'date_input',
    mineral: { accepted: ['2024-01-01'] },
    answer: { value: '2024-01-02' },
    check: null,
    right: false,
  },
  // uploads: the answer is a media id (its row is checked by the server after this)
  { name: 'an audio media id', type: 'audio_input', answer: { value: 7 }, check: null, right: true },
  { name: 'an image media id as digits', type: 'image_input', answer: { value: ' 8 ' }, check: null, right: true },
  {
    name: 'a video answer that is no media id',
    type: 'video_input',
    answer: { value: 'clip.mp4' },
    check: 'integer',
    form: null,
  },
  { name: 'no file when required', type: 'file_input', answer: { value: null }, check: 'required' },
  { name: 'a file media id of zero', type: 'file_input', answer: { value: 0 }, check: 'integer', form: null },
  // scales
  {
    name: 'an opinion on the scale',
    type: 'opinion',
    mineral: { min: 0, max: 10 },
    answer: { value: 7 },
    check: null,
    right: true,
  },
  {
    name: 'an opinion above the scale',
    type: 'opinion',
    mineral: { min: 0, max: 10 },
    answer: { value: 11 },
    check: 'max_value',
  },
  { name: 'an opinion between steps', type: 'opinion', answer: { value: '3.5' }, check: 'integer', form: null },
  { name: 'five stars', type: '5_point_rating', answer: { value: 5 }, check: null, right: true },
  { name: 'no stars', type: '5_point_rating', answer: { value: 0 }, check: 'min_value' },
  { name: 'six stars', type: '5_point_rating', answer: { value: '6' }, check: 'max_value' },
  // single answer
  {
    name: 'yes, the correct one',
    type: 'yes_no',
    mineral: { correct: [101] },
    answer: { options: [101] },
    check: null,
    right: true,
  },
  {
    name: 'no, the wrong one',
    type: 'yes_no',
    mineral: { correct: [101] },
    answer: { options: [102] },
    check: null,
    right: false,
  },
  { name: 'yes and no', type: 'yes_no', answer: { options: [101, 102] }, check: 'max_value', form: null },
  {
    name: 'the correct single answer',
    type: 'sa_text',
    mineral: { correct: [102] },
    answer: { options: [102] },
    check: null,
    right: true,
  },
  {
    name: 'a wrong single answer',
    type: 'sa_text',
    mineral: { correct: [102] },
    answer: { options: [101] },
    check: null,
    right: false,
  },
  { name: 'two single answers', type: 'sa_text', answer: { options: [101, 102] }, check: 'max_value', form: null },
  { name: 'an option of another mineral', type: 'sa_text', answer: { options: [999] }, check: 'oneOf', form: null },
  { name: 'no option when required', type: 'sa_text', answer: { options: [] }, check: 'required' },
  {
    name: 'the correct image',
    type: 'sa_image',
    mineral: { correct: [103] },
    answer: { options: [103] },
    check: null,
    right: true,
  },
  { name: 'any audio when none is marked', type: 'sa_audio', answer: { options: [102] }, check: null, right: true },
  {
    name: 'a wrong video',
    type: 'sa_video',
    mineral: { correct: [101] },
    answer: { options: [103] },
    check: null,
    right: false,
  },
  // multiple answer
  {
    name: 'the correct set in another order',
    type: 'ma_text',
    mineral: { correct: [101, 103], selectLimit: 2 },
    answer: { options: [103, 101] },
    check: null,
    right: true,
    hint: { state: 'ready', count: 0 },
  },
  {
    name: 'part of the correct set',
    type: 'ma_text',
    mineral: { correct: [101, 103], selectLimit: 2 },
    answer: { options: [101] },
    check: null,
    right: false,
    hint: { state: 'more', count: 1 },
  },
  {
    name: 'more than the select limit',
    type: 'ma_text',
    mineral: { selectLimit: 2 },
    answer: { options: [101, 102, 103] },
    check: 'max_value',
    form: null,
  },
  { name: 'the same option twice', type: 'ma_text', answer: { options: [101, 101] }, check: 'oneOf', form: null },
  {
    name: 'nothing chosen yet of two',
    type: 'ma_image',
    mineral: { selectLimit: 2 },
    answer: { options: [] },
    check: 'required',
    hint: { state: 'choose', count: 2 },
  },
  {
    name: 'any images when none is marked',
    type: 'ma_image',
    answer: { options: [101, 102] },
    check: null,
    right: true,
    hint: { state: 'any', count: 0 },
  },
  {
    name: 'all audios, one too many',
    type: 'ma_audio',
    mineral: { correct: [102] },
    answer: { options: [101, 102, 103] },
    check: null,
    right: false,
  },
  {
    name: 'the correct videos',
    type: 'ma_video',
    mineral: { correct: [101, 102] },
    answer: { options: [102, 101] },
    check: null,
    right: true,
  },
  // order and word bubble
  { name: 'the declared order', type: 'order', answer: { options: [101, 102, 103] }, check: null, right: true },
  { name: 'another order', type: 'order', answer: { options: [102, 101, 103] }, check: null, right: false },
  { name: 'an order missing an item', type: 'order', answer: { options: [101, 102] }, check: 'oneOf', form: null },
  {
    name: 'the correct words in their order',
    type: 'word_bubble',
    mineral: { correct: [101, 103] },
    answer: { options: [101, 103] },
    check: null,
    right: true,
  },
  {
    name: 'the correct words in another order',
    type: 'word_bubble',
    mineral: { correct: [101, 103] },
    answer: { options: [103, 101] },
    check: null,
    right: false,
  },
  {
    name: 'more words than the limit',
    type: 'word_bubble',
    mineral: { selectLimit: 1 },
    answer: { options: [101, 103] },
    check: 'max_value',
    form: null,
  },
  { name: 'any words when none is marked', type: 'word_bubble', answer: { options: [102] }, check: null, right: true },
];
