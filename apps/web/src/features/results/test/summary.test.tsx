import type { User } from '@cairn/shared/api/accounts';
import type { Trail } from '@cairn/shared/api/trails';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileKey } from '../../../lib/profile';
import { renderRoutes } from '../../../test/render';
import { SummaryScreen } from '../components/SummaryScreen';

const trail = (id: number, type: Trail['type'], done: boolean | null): Trail => ({
  id,
  name: `${type} ${id}`,
  description: null,
  icon: null,
  type,
  style: { gradient: 0 },
  difficulty: 'easy',
  duration: { days: 0, hours: 0, minutes: 5, seconds: 0, time_in_seconds: 300 },
  coach: null,
  achievements: [],
  progress: {
    answered: done === null ? 0 : 2,
    passed: done ? 2 : 0,
    total: 2,
    percent: done === null ? 0 : 100,
    status: done === null ? 'not_started' : 'completed',
    xp: done ? 20 : 0,
    xp_total: 20,
    crowns: 0,
    crowns_total: 0,
    tries_total: 0,
    tries_used: 1,
    tries_left: null,
    // the server gives every completed trail a verdict, surveys and assessments too
    trail_passed: done,
  },
  can_reset: false,
  starts_on: null,
  due_on: null,
  pdf: null,
});

const me = {
  id: 7,
  firstname: 'Lena',
  lastname: 'Learner',
  email: 'l@example.com',
  avatar: [],
  cover: null,
} as unknown;

function stubServer(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in routes
        ? new Response(JSON.stringify(routes[url]), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/summary', () => {
  it('lists every trail type, and labels finished surveys and assessments completed, exams passed or failed', async () => {
    stubServer({
      '/api/games': {
        data: [
          trail(1, 'exam', true),
          trail(2, 'survey', true),
          trail(3, 'assessment', true),
          trail(4, 'battle', false),
          trail(5, 'exam', false),
        ],
      },
    });
    const { queryClient } = renderRoutes([{ path: '/summary', element: <SummaryScreen /> }], '/summary');
    queryClient.setQueryData(profileKey, me as User);
    const section = async (name: string) => screen.findByRole('region', { name });
    const row = (s: HTMLElement, name: string) => within(s).getByText(name).closest('li') as HTMLElement;
    const exams = await section('Exams');
    expect(within(row(exams, 'exam 1')).getByText(/^Passed ·/)).toBeInTheDocument();
    expect(within(row(exams, 'exam 5')).getByText(/^Not passed ·|^Failed ·/)).toBeInTheDocument();
    expect(within(row(await section('Surveys'), 'survey 2')).getByText(/^Completed ·/)).toBeInTheDocument();
    expect(within(row(await section('Assessments'), 'assessment 3')).getByText(/^Completed ·/)).toBeInTheDocument();
    expect(within(await section('Battles')).getByText('battle 4')).toBeInTheDocument();
  });

  it('says so when there is nothing', async () => {
    stubServer({ '/api/games': { data: [] } });
    renderRoutes([{ path: '/summary', element: <SummaryScreen /> }], '/summary');
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
  });
});
