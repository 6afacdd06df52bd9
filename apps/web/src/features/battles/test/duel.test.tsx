import type { BattleReveal as Reveal } from '@cairn/shared/api/battles';
import type { AppNotification } from '@cairn/shared/api/results';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

import { BattleReveal } from '../components/BattleReveal';
import { BattleTimer } from '../components/BattleTimer';
import { battleFocusStore, battlePopup, battlePopupStore } from '../store';

const note = (type: string, battleId = 9): AppNotification => ({
  id: 5,
  event: 'NOTIFY_BATTLE',
  read_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  data: { type, battle_id: battleId, trail_id: 4, trail: 'Quick-fire battle', player: 'Rico Rival', avatar: null },
});

afterEach(() => {
  battlePopupStore.set(null);
  battleFocusStore.set(null);
  toast.mockClear();
  vi.useRealTimers();
});

describe('no interruptions during a battle (docs/battles.md)', () => {
  it.each([
    ['accepted', 'Rico Rival accepted your challenge on Quick-fire battle'],
    ['finished', 'Your battle with Rico Rival on Quick-fire battle is over'],
  ])('"%s" of the battle in play becomes a toast, not a popup', async (type, text) => {
    battleFocusStore.set({ battleId: 9, view: 'play' });
    battlePopup.show(note(type));
    expect(battlePopupStore.get()).toBeNull();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(text, expect.anything()));
  });

  it('while its summary shows they add nothing at all', async () => {
    battleFocusStore.set({ battleId: 9, view: 'summary' });
    battlePopup.show(note('finished'));
    expect(battlePopupStore.get()).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(toast).not.toHaveBeenCalled();
  });

  it('another battle’s notice, or one away from the battle, keeps its popup (held while play goes on)', () => {
    battleFocusStore.set({ battleId: 9, view: 'play' });
    battlePopup.show(note('challenge', 12));
    expect(battlePopupStore.get()?.data.battle_id).toBe(12);
    battleFocusStore.set(null);
    battlePopup.show(note('finished'));
    expect(battlePopupStore.get()?.data.type).toBe('finished');
  });
});

const reveal = (over: Partial<Reveal> = {}): Reveal => ({
  pebble_id: 3,
  name: 'Q1',
  correct: ['Paris'],
  feedback: 'The capital since 508.',
  mine: { answers: ['Lyon'], passed: false, points: 0, speed_points: 0, late: false },
  opponent: null,
  ...over,
});

describe('the reveal', () => {
  it('a wrong answer: red band with icon and words, the right answer, the feedback; Continue focused', async () => {
    const onContinue = vi.fn();
    render(<BattleReveal reveal={reveal()} opponentName="Rico Rival" last={false} onContinue={onContinue} />);
    const band = screen.getByRole('status');
    expect(band).toHaveAttribute('data-verdict', 'wrong');
    expect(band.textContent).toContain('✗');
    expect(band.textContent).toContain('Wrong');
    expect(screen.getByText('Lyon')).toBeInTheDocument();
    expect(screen.getByText('Paris')).toBeInTheDocument();
    expect(screen.getByText('The capital since 508.')).toBeInTheDocument();
    expect(screen.getByText('Rico Rival has not answered this question yet.')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalled();
  });

  it('the opponent’s answer once they answered; a late answer says so', () => {
    render(
      <BattleReveal
        reveal={reveal({
          mine: { answers: ['Paris'], passed: true, points: 0, speed_points: 0, late: true },
          opponent: { answers: ['Paris'], passed: true, points: 13, speed_points: 3, late: false },
        })}
        opponentName="Rico Rival"
        last
        onContinue={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-verdict', 'late');
    expect(screen.getByText('Too late')).toBeInTheDocument();
    expect(screen.getByTestId('opponent-answer').textContent).toContain('Rico Rival answered: Paris');
    expect(screen.getByTestId('opponent-answer').textContent).toContain('Points: +13');
    expect(screen.getByRole('button', { name: 'See the result' })).toBeInTheDocument();
  });
});

describe('the timer', () => {
  it('counts down from the server’s time left and says when time is up', () => {
    vi.useFakeTimers();
    const now = Date.now();
    render(<BattleTimer remainingMs={12_000} readAt={now} limitSeconds={20} />);
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toBe('12 sec');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('timer').textContent).toBe('9 sec');
    expect(screen.getByText('10 seconds left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer').textContent).toBe('Time is up');
    expect(screen.getByText('Time is up: an answer now scores 0 points.')).toBeInTheDocument();
  });
});
