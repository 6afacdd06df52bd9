import type { Battle } from '@cairn/shared/api/battles';
import type { Pebble } from '@cairn/shared/api/trails';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/socket', () => ({ openLive: () => ({ on: () => {}, off: () => {} }) }));

import { at, LocationProbe, renderRoutes } from '../../../test/render';
import BattleScreen from '../components/BattleScreen';
import { PlayerBattleScreen } from '../components/PlayerBattleScreen';

const side = (id: number, name: string, status: Battle['challenger']['status'], answered: number, score: number) => ({
  id,
  name,
  avatar: null,
  status,
  answered,
  score,
});

/** The viewer (7, Lena) challenged Rico (8) on a one-question battle. */
function battle(over: Partial<Battle> = {}): Battle {
  return {
    id: 9,
    battle_id: 9,
    status: 'challenged',
    trail: { id: 4, name: 'Quick-fire battle' },
    challenger: side(7, 'Lena Learner', 'playing', 0, 0),
    contender: side(8, 'Rico Rival', 'pending', 0, 0),
    me: 'challenger',
    style: null,
    total: 1,
    next_pebble_id: 31,
    created_at: '2026-03-02T10:00:00.000Z',
    accepted_at: null,
    finished_at: null,
    deadline_at: null,
    winner_id: null,
    finished_for_me: false,
    questions: [],
    timing: null,
    reveals: [],
    ...over,
  };
}

/** The challenger has answered every question; Rico has not accepted yet. */
const doneByMe = battle({
  challenger: side(7, 'Lena Learner', 'finished', 1, 10),
  next_pebble_id: null,
  finished_for_me: true,
  questions: [{ id: 31, name: 'Capital', passed_me: true, passed_opponent: null }],
  reveals: [
    {
      pebble_id: 31,
      name: 'Capital',
      correct: ['Alpha'],
      feedback: null,
      mine: { answers: ['Alpha'], passed: true, points: 10, speed_points: 0, late: false },
      opponent: null,
    },
  ],
});

/** A one-question battle pebble: one single-choice mineral. */
function pebbleOf(id: number): Pebble {
  const values = ['Alpha', 'Beta'].map((value, i) => ({ id: 100 + i, value }));
  const progress = { answered: 0, passed: 0, total: 1, percent: 0, status: 'in_progress' as const, xp: 0 };
  return {
    id,
    name: 'Capital',
    type: 'battle',
    object: { fa_icon: 'fa-star', fa_icon_background: null, fa_icon_border: null },
    user: { id: 7 },
    trail_id: 4,
    trail: { id: 4, name: 'Quick-fire battle', icon: null },
    redirect_url: null,
    minerals: [{ id: 5, type: 'sa_text', properties: { title: 'Capital?', required: true, values }, answer: null }],
    style: null,
    feedback: null,
    xp: 10,
    stage: null,
    progress: {
      ...progress,
      xp_total: 10,
      crowns: 0,
      crowns_total: 0,
      tries_total: 0,
      tries_used: 0,
      tries_left: null,
    },
    can_change_answer: true,
    is_required: true,
    is_last: true,
    answered: false,
    passed: null,
    battle_id: null,
    backgroundLandscape: null,
    navigator: [],
  };
}

function stub(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      const body = routes[call] ?? {
        data: { summary: { battles: 0, points: 0, won: 0, draw: 0, lost: 0 }, battles: [] },
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderBattle() {
  return renderRoutes(
    [
      at('/games/battle/:id', <BattleScreen />),
      at('/player-battle/:id', <PlayerBattleScreen />),
      { path: '*', element: <LocationProbe /> },
    ],
    '/games/battle/9',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('§4: a challenger who has finished sees the summary', () => {
  it('goes to the summary, which says the result comes when the opponent finishes (no "Waiting for…")', async () => {
    stub({ 'GET /api/battle/9': { data: doneByMe } });
    renderBattle();
    expect(await screen.findByRole('heading', { name: 'Battle summary' })).toBeInTheDocument();
    expect(screen.getByText('You have finished. The result comes when Rico Rival finishes.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for Rico Rival to finish.')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Capital' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue the battle' })).not.toBeInTheDocument();
  });

  it('the last answer’s response carries the battle: its reveal, then the summary, without reading the battle again', async () => {
    const question = pebbleOf(31);
    const routes: Record<string, unknown> = {
      'GET /api/battle/9': { data: battle() },
      'GET /api/pebbles/4?pebble=31': { data: question },
      'POST /api/pebbles/31': { data: question, finished: true, passed: true, trail_passed: true, battle: doneByMe },
    };
    const calls = stub(routes);
    renderBattle();
    await userEvent.click((await screen.findAllByRole('radio'))[0]);
    // from the answer on, the server has the battle finished for the viewer
    routes['GET /api/battle/9'] = { data: doneByMe };
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const seeResult = await screen.findByRole('button', { name: 'See the result' });
    // the reveal came from the answer's response: the battle was not read again for it
    expect(calls.slice(calls.indexOf('POST /api/pebbles/31') + 1)).not.toContain('GET /api/battle/9');
    await userEvent.click(seeResult);
    expect(await screen.findByRole('heading', { name: 'Battle summary' })).toBeInTheDocument();
    expect(screen.getByText('You have finished. The result comes when Rico Rival finishes.')).toBeInTheDocument();
  });
});
