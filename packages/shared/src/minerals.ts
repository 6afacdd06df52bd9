// Plain constants (no zod), so the web player can import them without pulling the schemas into its chunk.

/** The 22 mineral (question/interaction) types of §4. */
export const MINERAL_TYPES = [
  'text_input',
  'number_input',
  'email_input',
  'url_input',
  'date_input',
  'audio_input',
  'image_input',
  'video_input',
  'file_input',
  'opinion',
  '5_point_rating',
  'yes_no',
  'sa_text',
  'ma_text',
  'sa_image',
  'ma_image',
  'sa_audio',
  'ma_audio',
  'sa_video',
  'ma_video',
  'order',
  'word_bubble',
] as const;
export type MineralType = (typeof MINERAL_TYPES)[number];

export const TRAIL_TYPES = ['exam', 'survey', 'assessment', 'battle'] as const;
export type TrailType = (typeof TRAIL_TYPES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/**
 * When a learner sees whether an answer was right (docs/player.md, "Check step"): `immediate` a check step after each
 * pebble with a right answer, `end` only in the result, `none` no check step. A package's `feedback` sets it per
 * trail; unset, exams and battles check immediately, surveys and assessments (no right answers) do not.
 */
export const FEEDBACK_MODES = ['immediate', 'end', 'none'] as const;
export type FeedbackMode = (typeof FEEDBACK_MODES)[number];
export const feedbackModeOf = (type: TrailType, declared: string | null | undefined): FeedbackMode =>
  (FEEDBACK_MODES as readonly string[]).includes(declared ?? '')
    ? (declared as FeedbackMode)
    : type === 'exam' || type === 'battle'
      ? 'immediate'
      : 'none';

// The rules of each type (answer shape, completeness, options chosen, scoring) and the type lists derived from them.
export * from './minerals/rulebook';
export * from './minerals/values';

/**
 * The longest typed answer (characters) any mineral accepts: a text answer's own limit (`max`, 2000 when unset) can
 * be set up to this, email and url answers stop far below (EMAIL_MAX, URL_MAX). The answer route refuses a longer
 * value before any rule runs.
 */
export const ANSWER_VALUE_MAX = 10_000;
