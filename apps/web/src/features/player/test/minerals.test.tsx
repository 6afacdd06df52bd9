import type { MineralAnswer, MineralType } from '@cairn/shared/api/trails';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr, mineral, renderPebble } from './player.fixtures';

type Case = {
  type: MineralType;
  props?: Parameters<typeof mineral>[1];
  answer: (user: UserEvent) => Promise<void>;
  expected: Omit<MineralAnswer, 'id'>;
  /** enters an invalid answer and names the message it must show */
  invalid?: { enter: (user: UserEvent) => Promise<void>; message: string };
};

const box = (type: string) => screen.getByRole('textbox', { name: new RegExp(`^Question ${type}`) });
const radio = (name: string | RegExp) => screen.getByRole('radio', { name });
const check = (name: string | RegExp) => screen.getByRole('checkbox', { name });

const choice = (type: MineralType): Case =>
  type.startsWith('ma_')
    ? {
        type,
        answer: async (u) => {
          await u.click(check(/Gamma/));
          await u.click(check(/Alpha/));
        },
        expected: { options: [102, 100] },
      }
    : { type, answer: (u) => u.click(radio(/Beta/)), expected: { options: [101] } };

const upload = (type: MineralType): Case => ({
  type,
  answer: async (u) => {
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const mime = { audio_input: 'audio/mpeg', image_input: 'image/png', video_input: 'video/mp4' }[type as string];
    await u.upload(input, new File(['x'], 'thing', { type: mime ?? 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last?.finish());
    await screen.findByRole('button', { name: 'Delete file' });
  },
  expected: { value: 77 },
});

const CASES: Case[] = [
  {
    type: 'text_input',
    answer: (u) => u.type(box('text_input'), 'Hello there'),
    expected: { value: 'Hello there' },
  },
  {
    type: 'number_input',
    answer: (u) => u.type(box('number_input'), '42'),
    expected: { value: 42 },
    invalid: {
      enter: (u) => u.type(box('number_input'), 'abc'),
      message: 'The answer field may only contain numeric characters',
    },
  },
  {
    type: 'email_input',
    answer: (u) => u.type(box('email_input'), 'ann@example.com'),
    expected: { value: 'ann@example.com' },
    invalid: { enter: (u) => u.type(box('email_input'), 'ann@'), message: 'The answer field must be a valid email' },
  },
  {
    type: 'url_input',
    answer: (u) => u.type(box('url_input'), 'https://example.com/page'),
    expected: { value: 'https://example.com/page' },
    invalid: { enter: (u) => u.type(box('url_input'), 'not a url'), message: 'The answer field is not a valid URL' },
  },
  {
    type: 'date_input',
    answer: async (u) => {
      await u.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '05');
      await u.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '03');
      await u.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2020');
    },
    expected: { value: '2020-03-05' },
    invalid: {
      enter: (u) => u.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '31'),
      message: 'The answer field must be a valid date (YYYY-MM-DD)',
    },
  },
  upload('audio_input'),
  upload('image_input'),
  upload('video_input'),
  upload('file_input'),
  { type: 'opinion', answer: (u) => u.click(radio('7')), expected: { value: 7 } },
  { type: '5_point_rating', answer: (u) => u.click(radio('4 out of 5')), expected: { value: 4 } },
  { type: 'yes_no', answer: (u) => u.click(radio('Yes')), expected: { options: [100] } },
  ...(['sa_text', 'ma_text', 'sa_image', 'ma_image', 'sa_audio', 'ma_audio', 'sa_video', 'ma_video'] as const).map(
    choice,
  ),
  {
    type: 'order',
    answer: async (u) => {
      screen.getByRole('button', { name: 'Third, position 3 of 3' }).focus();
      await u.keyboard(' ');
      await u.keyboard('{ArrowUp}');
      await u.keyboard(' ');
    },
    expected: { options: [100, 102, 101] },
  },
  {
    type: 'word_bubble',
    answer: async (u) => {
      await u.click(screen.getByRole('button', { name: 'cat', pressed: false }));
      await u.click(screen.getByRole('button', { name: 'sat', pressed: false }));
    },
    expected: { options: [101, 102] },
  },
];

describe('every mineral type', () => {
  it('covers all 22 types', () => {
    expect(new Set(CASES.map((c) => c.type)).size).toBe(22);
  });

  it.each(CASES)('$type: renders, is required, answers and sends the answer', async (c) => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    const user = userEvent.setup();
    const { onMove } = renderPebble([mineral(c.type, c.props)]);
    expect(screen.getByRole('heading', { name: /Question/ })).toHaveProperty(
      'textContent',
      `Question ${c.type}* (required)`,
    );
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    // order starts with a complete answer (the order shown); every other type needs input first
    expect(next.disabled).toBe(c.type !== 'order');
    await c.answer(user);
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.click(next);
    expect(onMove).toHaveBeenCalledWith('next', [{ id: 1, ...c.expected }]);
  });

  it.each(CASES.filter((c) => c.invalid))(
    '$type: shows the first validation error and keeps Next disabled',
    async (c) => {
      const user = userEvent.setup();
      renderPebble([mineral(c.type, { required: false })]);
      await c.invalid?.enter(user);
      expect((await screen.findByRole('alert')).textContent).toBe(c.invalid?.message);
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    },
  );
});
