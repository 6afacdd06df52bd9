import { describe, expect, it } from 'vitest';
import { MINERAL_TYPES } from '../minerals';
import { validateValue } from '../validation';
import {
  CHOICE_TYPES,
  checkAnswer,
  choiceProgress,
  formRules,
  INPUT_TYPES,
  isRightAnswer,
  MINERAL_RULEBOOK,
  MULTI_TYPES,
  OPTION_MEDIA_KIND,
  OPTION_TYPES,
  UPLOAD_TYPES,
} from './rulebook';
import { optionsOf, RULEBOOK_CASES } from './rulebook.cases';

describe('the mineral rulebook', () => {
  it('has a rule for each of the 22 types, and the case table covers every type', () => {
    expect(Object.keys(MINERAL_RULEBOOK).sort()).toEqual([...MINERAL_TYPES].sort());
    expect(MINERAL_TYPES).toHaveLength(22);
    for (const type of MINERAL_TYPES)
      expect(
        RULEBOOK_CASES.some((c) => c.type === type),
        type,
      ).toBe(true);
  });

  it('derives the type lists the content schema used to hold', () => {
    expect(INPUT_TYPES).toEqual(['text_input', 'number_input', 'email_input', 'url_input', 'date_input']);
    expect(UPLOAD_TYPES).toEqual(['audio_input', 'image_input', 'video_input', 'file_input']);
    expect([...CHOICE_TYPES].sort()).toEqual(
      ['sa_text', 'ma_text', 'sa_image', 'ma_image', 'sa_audio', 'ma_audio', 'sa_video', 'ma_video', 'yes_no'].sort(),
    );
    expect([...OPTION_TYPES].sort()).toEqual([...CHOICE_TYPES, 'order', 'word_bubble'].sort());
    expect(MULTI_TYPES).toEqual(['ma_text', 'ma_image', 'ma_audio', 'ma_video']);
    expect(OPTION_MEDIA_KIND).toEqual({
      sa_image: 'image',
      ma_image: 'image',
      sa_audio: 'audio',
      ma_audio: 'audio',
      sa_video: 'video',
      ma_video: 'video',
    });
  });

  describe.each(RULEBOOK_CASES)('$type: $name', (c) => {
    const own = optionsOf(c.type);
    const m = c.mineral ?? {};
    const limits = { min: m.min, max: m.max };

    it('is checked as the case says', () => {
      const f = checkAnswer(c.type, c.answer, { options: own, limit: m.selectLimit ?? 0, limits, required: true });
      expect(f?.rule ?? null).toBe(c.check);
    });

    it('is complete in the form as the case says', () => {
      const subject = MINERAL_RULEBOOK[c.type].answer === 'options' ? (c.answer.options ?? []) : c.answer.value;
      const form = c.form === undefined ? c.check : c.form;
      expect(validateValue(subject, formRules(c.type, limits, true))?.rule ?? null).toBe(form);
    });

    if (c.right !== undefined)
      it(`is scored ${c.right ? 'right' : 'wrong'}`, () => {
        const given = { options: c.answer.options, value: c.answer.value };
        const key = { declared: own, correct: own.filter((id) => m.correct?.includes(id)), accepted: m.accepted ?? [] };
        expect(isRightAnswer(c.type, given, key)).toBe(c.right);
      });

    if (c.hint)
      it('gets the hint the case says', () => {
        expect(choiceProgress(m.selectLimit ?? 0, c.answer.options?.length ?? 0)).toEqual(c.hint);
      });
  });
});
