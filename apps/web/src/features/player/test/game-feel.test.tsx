import type { Reward } from '@cairn/shared/api/results';
import type { AnswerCheck, Pebble, Trail } from '@cairn/shared/api/trails';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { rewardsUi, rewardsUiStore } from '../../rewards';
import { FinishScreen } from '../components/FinishScreen';
import { PlayerScreen } from '../components/PlayerScreen';
import { useCountUp } from '../count-up';
import { nextTrail } from '../next-trail';
import { mineral, pebble } from './player.fixtures';

// The check step, the poll reveal and the end screen (issue 29, docs/player.md) against a stand-in network.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      return routes[key]?.() ?? json({ message: 'no such route here', code: 'internal_error' }, 500);
    }),
  );
}

const first = pebble([mineral('sa_text')]);
const second = pebble([mineral('text_input', {}, 2)], { id: 10, name: 'Pebble ten' });
const check = (over: Partial<AnswerCheck> = {}): AnswerCheck => ({
  pebble_id: 9,
  passed: false,
  feedback: 'Beta is the second letter.',
  xp: 0,
  crowns: 0,
  right_answers: [{ mineral_id: 1, title: 'Question sa_text', kind: 'set', values: ['Beta'] }],
  ...over,
});
const answeredWith =
  (c: AnswerCheck | null, data: Pebble = second, finished = false) =>
  () =>
    json({ data, finished, passed: c?.passed ?? true, trail_passed: finished ? true : null, check: c });

const renderPlayer = () => renderRoutes([{ path: '/player/:id', element: <PlayerScreen /> }], '/player/3');

async function answerFirst(c: AnswerCheck | null) {
  const user = userEvent.setup();
  stubServer({ 'GET /api/pebbles/3': () => json({ data: first }), 'POST /api/pebbles/9': answeredWith(c) });
  renderPlayer();
  await user.click(await screen.findByRole('radio', { name: /Alpha/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the check step', () => {
  it('a wrong answer: red band with icon and words, the right answer, the feedback; Continue focused, Enter moves on', async () => {
    const user = await answerFirst(check());
    const band = await screen.findByRole('region', { name: 'Not quite' });
    expect(band).toHaveAttribute('data-check', 'wrong');
    expect(band.querySelector('svg')).not.toBeNull();
    expect(band).toHaveTextContent('The right answer');
    expect(band).toHaveTextContent('Beta');
    expect(band).toHaveTextContent('Beta is the second letter.');
    const next = within(band).getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toHaveFocus());
    // announced, not only drawn
    expect(screen.getByRole('status')).toHaveTextContent('Not quite. The right answer (Question sa_text) Beta.');
    // the answered pebble is still there, inert, until Continue
    expect(screen.getByRole('heading', { level: 1, name: 'Pebble nine' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pebble ten' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Not quite' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a right answer: green, with the xp and the crown earned, no right answer repeated', async () => {
    await answerFirst(check({ passed: true, right_answers: [], feedback: null, xp: 10, crowns: 1 }));
    const band = await screen.findByRole('region', { name: 'Correct!' });
    expect(band).toHaveAttribute('data-check', 'right');
    expect(band).toHaveTextContent('+10 xp');
    expect(band).toHaveTextContent('Crowns earned: 1');
    expect(band).not.toHaveTextContent('The right answer');
    expect(screen.getByRole('status')).toHaveTextContent('Correct! +10 xp. Crowns earned: 1.');
  });

  it('no check in the response (a survey, feedback end or none): straight on to the next pebble', async () => {
    await answerFirst(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pebble ten' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('a shared poll reveals the class distribution with every option, 0 % included, the own answer marked', async () => {
    const user = userEvent.setup();
    const poll = { ...first, type: 'survey' as const, poll_pool_id: 1 };
    stubServer({
      'GET /api/pebbles/3': () => json({ data: poll }),
      'POST /api/pebbles/9': answeredWith(null),
      'GET /api/polls/1': () =>
        json({
          data: {
            pool_id: 1,
            pebble_id: 9,
            trail_id: 3,
            fa_icon: 'fa-star',
            fa_icon_background: null,
            fa_icon_border: null,
            question: 'Question sa_text',
            is_multiple: false,
            users: 4,
            total: 4,
            summary: [
              { value_id: 1, value: 'Alpha', count: 3, percent: 75 },
              { value_id: 2, value: 'Beta', count: 1, percent: 25 },
              { value_id: 3, value: 'Gamma', count: 0, percent: 0 },
            ],
            answers: [
              {
                id: 7,
                name: 'Me',
                avatar: null,
                is_me: true,
                discussion_id: null,
                updated_at: '2026-01-01T00:00:00Z',
                answers: [{ value_id: 1, value: 'Alpha' }],
              },
            ],
          },
        }),
    });
    renderPlayer();
    await user.click(await screen.findByRole('radio', { name: /Alpha/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const reveal = await screen.findByRole('region', { name: 'How everyone answered' });
    await within(reveal).findByText('Answers so far: 4');
    const rows = reveal.querySelectorAll('li');
    expect([...rows].map((r) => r.getAttribute('data-percent'))).toEqual(['75', '25', '0']);
    expect(rows[2]).toHaveTextContent('Gamma');
    expect(rows[2]).toHaveTextContent('0%');
    expect(rows[0]).toHaveTextContent('Your answer');
    expect(rows[1]).not.toHaveTextContent('Your answer');
  });
});

const reward = (id: number, trail_id: number): Reward => ({
  id,
  trail_id,
  title: `Reward ${id}`,
  subtitle: null,
  description: null,
  experience: 5,
  media: null,
  prize_title: null,
  prize_description: null,
  created_at: '2026-01-01T00:00:00Z',
  readable_achieved_at: 'January 1, 2026',
  first_time: false,
  latest: true,
});

describe('the end screen', () => {
  const done = { ...first.progress, answered: 2, passed: 1, total: 2, status: 'completed' as const, xp: 10, crowns: 1 };

  function renderEnd() {
    stubServer({
      'GET /api/rewards/user': () => json({ data: [reward(41, 3), reward(42, 99)] }),
      'GET /api/results/users/7/3': () =>
        json({
          data: {
            user: { id: 7, name: 'Lee Learner' },
            trail: { id: 3, name: 'Trail three', type: 'exam', icon: null, can_reset: false, pdf: null },
            summary: {
              status: { status: 'passed', score: 1, total: 2 },
              tries: { score: 1, total: 0 },
              duration: { score: 125, total: 0 },
              points: { score: 10, total: 20 },
              crowns: { score: 1, total: 1 },
              rewards: { score: 1, total: 1 },
            },
            certificates: [{ id: 5, name: 'Pigment expert', file: null }],
            markers: [],
            player: null,
          },
        }),
      'GET /api/certificates/user/5': () =>
        json({
          data: [
            {
              id: 5,
              name: 'Pigment expert',
              file: '/files/certificates/5.pdf?sig=x',
              pdf: '/files/certificates/5.pdf?sig=x',
              issued_at: '2026-01-01T00:00:00Z',
              trail: { id: 3, name: 'Trail three' },
            },
          ],
        }),
    });
    return renderRoutes(
      [
        {
          path: '/player/:id',
          element: (
            <FinishScreen
              trailId={3}
              trailName="Trail three"
              trailType="exam"
              progress={done}
              passed
              userId={7}
              learnerName="Lee Learner"
              onReview={() => {}}
              onResults={() => {}}
            />
          ),
        },
      ],
      '/player/3',
    );
  }

  it('shows score, xp, crowns, time, the rewards carousel and the certificate with its PDF download', async () => {
    // reduced motion: the figures are final at once (no count-up)
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    renderEnd();
    const end = screen.getByRole('region', { name: 'Trail passed!' });
    expect(within(end).getByText('Score: 1 of 2')).toBeInTheDocument();
    expect(within(end).getByText('10 experience points')).toBeInTheDocument();
    expect(within(end).getByText('1 of 1 crowns')).toBeInTheDocument();
    expect(await within(end).findByText('Time spent: 2:05')).toBeInTheDocument();
    // only this trail's reward, as the carousel, with its confetti
    const carousel = await within(end).findByRole('region', { name: 'Congratulations!' });
    expect(carousel).toHaveTextContent('Reward 41');
    expect(carousel).not.toHaveTextContent('Reward 42');
    const link = await within(end).findByRole('link', { name: /Download the certificate “Pigment expert”/ });
    expect(link).toHaveAttribute('href', '/files/certificates/5.pdf?sig=x');
    expect(link).toHaveAttribute('download');
    expect(within(end).getByText('Awarded to Lee Learner')).toBeInTheDocument();
  });

  it('holds the reward popup for its own trail while it shows (one screen, no dialog over it)', async () => {
    renderEnd();
    await screen.findByRole('region', { name: 'Congratulations!' });
    act(() => {
      rewardsUi.show([reward(43, 3), reward(44, 99)]);
    });
    expect(rewardsUiStore.get().popup.map((r) => r.id)).toEqual([44]);
    act(() => rewardsUi.clear());
  });
});

describe('the end screen of a survey or an assessment', () => {
  it("says an assessment is complete and shows the learner's profile dimensions, with no score or verdict", async () => {
    stubServer({
      'GET /api/results/users/7/4': () =>
        json({
          data: {
            user: { id: 7, name: 'Lee Learner' },
            trail: { id: 4, name: 'Listening', type: 'assessment', icon: null, can_reset: false, pdf: null },
            summary: {
              status: { status: 'completed', score: 2, total: 2 },
              tries: { score: 1, total: 0 },
              duration: { score: 61, total: 0 },
              points: { score: 0, total: 0 },
              crowns: { score: 0, total: 0 },
              rewards: { score: 0, total: 0 },
            },
            certificates: [],
            markers: [],
            player: { dimensions: [{ id: 'empathy', name: 'Empathy', score: 7, total: 10 }] },
          },
        }),
    });
    const progress = { ...first.progress, answered: 2, passed: 2, total: 2, status: 'completed' as const };
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <FinishScreen
              trailId={4}
              trailName="Listening"
              trailType="assessment"
              progress={progress}
              passed
              userId={7}
              learnerName=""
              onReview={() => {}}
              onResults={() => {}}
            />
          ),
        },
      ],
      '/',
    );
    const end = screen.getByRole('region', { name: 'Assessment complete' });
    expect(end).toHaveTextContent('You have completed the assessment Listening.');
    expect(within(end).getByText('2 of 2 questions answered')).toBeInTheDocument();
    expect(within(end).queryByText('Score')).toBeNull();
    expect(end).not.toHaveTextContent(/pass/i);
    const profile = await within(end).findByRole('region', { name: 'Your profile' });
    expect(profile).toHaveTextContent('Empathy');
    expect(profile).toHaveTextContent('7 / 10');
  });
});

describe('the next trail', () => {
  const trail = (id: number, over: Partial<Trail> = {}): Trail =>
    ({
      id,
      name: `T${id}`,
      progress: { status: 'not_started' },
      starts_on: null,
      due_on: null,
      ...over,
    }) as Trail;

  it('is an open, playable trail other than this one: the soonest due, then one already started', () => {
    const done = trail(2, { progress: { status: 'completed' } as Trail['progress'] });
    const later = trail(3, { starts_on: '2999-01-01' });
    const started = trail(4, { progress: { status: 'in_progress' } as Trail['progress'] });
    const due = trail(5, { due_on: '2026-12-01' });
    expect(nextTrail([trail(1), done, later, started, due], 1, '2026-11-25')?.id).toBe(5);
    expect(nextTrail([trail(1), done, later, started], 1, '2026-11-25')?.id).toBe(4);
    expect(nextTrail([trail(1), done, later], 1, '2026-11-25')).toBeNull();
  });
});

describe('the count-up of the end screen', () => {
  function Figure({ target }: { target: number }) {
    return <span data-testid="figure">{useCountUp(target, 300)}</span>;
  }
  const motion = (reduce: boolean) =>
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce') }));

  it('counts up from 0 to the figure', async () => {
    motion(false);
    render(<Figure target={80} />);
    expect(screen.getByTestId('figure')).toHaveTextContent(/^0$/);
    await waitFor(() => expect(screen.getByTestId('figure')).toHaveTextContent(/^80$/));
  });

  it('shows the figure at once under reduced motion', () => {
    motion(true);
    render(<Figure target={80} />);
    expect(screen.getByTestId('figure')).toHaveTextContent(/^80$/);
  });
});
