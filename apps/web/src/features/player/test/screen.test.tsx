import type { Pebble, Trail } from '@cairn/shared/api/trails';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PlayerScreen } from '../components/PlayerScreen';
import { mineral, pebble } from './player.fixtures';

// The whole player screen against a stand-in server (the network only: every part of the product is real).

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Answer = () => Response;

/** `routes` maps "METHOD url" to its answer; anything else is a 500 (logged only by the http client). */
function stubServer(routes: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      return routes[key]?.() ?? json({ message: 'no such route here', code: 'internal_error' }, 500);
    }),
  );
  return calls;
}

const navigator = [
  { id: 9, name: 'Pebble nine', fa_icon: 'fa-star', fa_icon_background: null, fa_icon_border: null },
  { id: 10, name: 'Pebble ten', fa_icon: 'fa-star', fa_icon_background: null, fa_icon_border: null },
].map((n) => ({ ...n, is_locked: false, is_new: false }));

const first = pebble([mineral('sa_text')], { navigator });
const second = (over: Partial<Pebble> = {}) =>
  pebble([mineral('text_input', {}, 2)], { id: 10, name: 'Pebble ten', navigator, ...over });

const answered =
  (data: Pebble, finished = false, passed = true) =>
  () =>
    json({ data, finished, passed, trail_passed: finished ? passed : null });

function renderPlayer() {
  return renderRoutes([{ path: '/player/:id', element: <PlayerScreen /> }], '/player/3');
}

beforeEach(() => {
  // the failures below are logged by the http client (§8); the trail's detail is not served here either
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a pebble that cannot be loaded (§8: logged only)', () => {
  const failing = (status: number, code: string, message: string) => {
    stubServer({ 'GET /api/pebbles/3': () => json({ message, code }, status) });
    renderPlayer();
  };

  it('says a trail before its start date has not started (423), not that it has no pebbles', async () => {
    failing(423, 'trail_not_started', 'This trail starts on 2099-01-01');
    expect(await screen.findByText('This trail has not started yet. Come back on its start date.')).toBeVisible();
    expect(screen.queryByText('This trail has no pebbles to play yet.')).toBeNull();
  });

  it('says a trail the learner may not open is not available (403)', async () => {
    failing(403, 'forbidden', 'This action is unauthorized');
    expect(await screen.findByText('This trail is not available to you.')).toBeVisible();
    expect(screen.queryByText('This trail has no pebbles to play yet.')).toBeNull();
  });

  it("says any other failure in the error's own words", async () => {
    failing(503, 'service_unavailable', 'Database unavailable');
    expect(await screen.findByText('The service is briefly unavailable. Please try again in a moment.')).toBeVisible();
  });

  it('keeps the empty state for a trail with no pebbles of the learner (404)', async () => {
    failing(404, 'not_found', 'Trail not found');
    expect(await screen.findByText('This trail has no pebbles to play yet.')).toBeVisible();
  });
});

describe('moving on', () => {
  it("puts the focus on the new pebble's title after Next (not on the first pebble of the visit)", async () => {
    const user = userEvent.setup();
    stubServer({ 'GET /api/pebbles/3': () => json({ data: first }), 'POST /api/pebbles/9': answered(second()) });
    renderPlayer();
    const title = await screen.findByRole('heading', { level: 1, name: 'Pebble nine' });
    expect(title).not.toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /Alpha/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const next = await screen.findByRole('heading', { level: 1, name: 'Pebble ten' });
    await waitFor(() => expect(next).toHaveFocus());
  });

  it('numbers the pebbles of the navigator visibly, not only for screen readers', async () => {
    const user = userEvent.setup();
    stubServer({ 'GET /api/pebbles/3': () => json({ data: first }) });
    renderPlayer();
    await user.click(await screen.findByRole('button', { name: 'All pebbles' }));
    const list = within(screen.getByRole('navigation', { name: 'Navigator' }));
    const items = list.getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['1Pebble 1: Pebble nine', '2Pebble 2: Pebble ten']);
    items.forEach((item, i) => {
      const shown = [...item.querySelectorAll('span')].filter((s) => s.textContent === String(i + 1));
      expect(shown.length).toBe(1);
      // seen on screen: not inside a visually hidden span
      expect(shown[0].closest('.sr-only')).toBeNull();
    });
  });
});

describe('the end screen fits the trail type', () => {
  it('tells a survey taker the survey is complete, with no verdict', async () => {
    const user = userEvent.setup();
    const survey = { ...first, type: 'survey' as const, is_last: true };
    stubServer({
      'GET /api/pebbles/3': () => json({ data: survey }),
      'POST /api/pebbles/9': answered({ ...survey, answered: true }, true, true),
    });
    renderPlayer();
    await user.click(await screen.findByRole('radio', { name: /Alpha/ }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const end = await screen.findByRole('region', { name: 'Survey complete' });
    expect(end).toHaveTextContent('You have completed the survey Trail three.');
    expect(end).toHaveTextContent('Thank you, your answers have been saved.');
    expect(end).not.toHaveTextContent(/pass/i);
    // a survey has no score: it says how much was answered
    expect(within(end).queryByText('Score')).toBeNull();
    expect(within(end).getByText('Answered')).toBeVisible();
  });

  it('tells an exam taker whether they passed', async () => {
    const user = userEvent.setup();
    const exam = { ...first, is_last: true };
    stubServer({
      'GET /api/pebbles/3': () => json({ data: exam }),
      'POST /api/pebbles/9': answered({ ...exam, answered: true }, true, false),
    });
    renderPlayer();
    await user.click(await screen.findByRole('radio', { name: /Alpha/ }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const end = await screen.findByRole('region', { name: 'Trail finished' });
    expect(end).toHaveTextContent('You have finished Trail three.');
    expect(end).toHaveTextContent('You did not pass this time.');
    expect(within(end).getByText('Score')).toBeVisible();
    // one screen, no stacked dialogs
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the play time', () => {
  const trail = (attempt: Trail['attempt']): Trail => ({
    id: 3,
    name: 'Trail three',
    description: null,
    icon: null,
    type: 'exam',
    style: { gradient: 0 },
    difficulty: 'easy',
    duration: { days: 0, hours: 0, minutes: 20, seconds: 0, time_in_seconds: 1200 },
    coach: null,
    achievements: [],
    progress: first.progress,
    can_reset: false,
    starts_on: null,
    due_on: null,
    pdf: null,
    attempt,
  });

  async function playTime(attempt: Trail['attempt']) {
    const user = userEvent.setup();
    stubServer({
      'GET /api/pebbles/3': () => json({ data: first }),
      'GET /api/games/3': () => json({ data: trail(attempt) }),
    });
    renderPlayer();
    await user.click(await screen.findByRole('button', { name: 'Trail info' }));
    const row = screen.getByText('Play time').closest('div') as HTMLElement;
    return row.querySelector('time') as HTMLTimeElement;
  }

  it("counts the attempt's time from its first opened pebble, as the result does, not from this page's opening", async () => {
    const startedAt = new Date(Date.now() - 125_000).toISOString();
    const time = await playTime({ started_at: startedAt, completed_at: null });
    await waitFor(() => expect(time.textContent).toMatch(/^2:0[5-7]$/));
  });

  it('stops at the completion of the attempt', async () => {
    const time = await playTime({ started_at: '2026-03-02T10:00:00.000Z', completed_at: '2026-03-02T10:10:00.000Z' });
    await waitFor(() => expect(time.textContent).toBe('10:00'));
  });
});
