import type { CoachProfile, CoachUser } from '@cairn/shared/api/dashboards';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

import { at, renderRoutes } from '../../../test/render';
import { CoachProfileDialog } from '../components/CoachProfileDialog';

const user = { id: 7, firstname: 'Lena', lastname: 'Learner' } as CoachUser;
const profile: CoachProfile = { mobile: null, birth: null, nationality_id: null, fields: [], extended_time: 'x1.5' };

afterEach(() => vi.unstubAllGlobals());

describe("the coach sets a learner's extended time in timed battles (WCAG 2.2.1)", () => {
  it('shows the current need, offers the others, and sends the one chosen (standard time removes it)', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ data: { user, profile } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const onClose = vi.fn();
    renderRoutes([at('*', <CoachProfileDialog userId={7} user={user} profile={profile} onClose={onClose} />)], '/');
    const select = screen.getByRole('combobox', { name: 'Extended time in timed battles' });
    expect(select).toHaveValue('x1.5');
    expect(select).toHaveAccessibleDescription(/WCAG 2\.2\.1/);
    expect(screen.getByRole('option', { name: 'No time limit' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'x2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ extended_time: 'x2' });

    await userEvent.selectOptions(select, 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ extended_time: null });
  });
});
