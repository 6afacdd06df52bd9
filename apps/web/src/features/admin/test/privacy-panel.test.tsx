import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

import { at, renderRoutes } from '../../../test/render';
import { PrivacyPanel } from '../components/PrivacyPanel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the privacy setting (admin People screen, beside SSO sign-up)', () => {
  it('the admin turns on, by keyboard, that coaches see who answered anonymous surveys: saved at once, with a toast', async () => {
    const puts: unknown[] = [];
    let saved = { coaches_see_anonymous: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!String(url).includes('/api/admin/privacy')) return json(404, { code: 'not_found', message: 'Not found' });
        if (init?.method === 'PUT') {
          saved = JSON.parse(String(init.body));
          puts.push(saved);
        }
        return json(200, { data: saved });
      }),
    );
    renderRoutes([at('*', <PrivacyPanel />)], '/');
    const box = await screen.findByRole('checkbox', { name: 'Coaches see who answered anonymous surveys' });
    expect(box).toHaveAccessibleDescription(
      'When on, coaches see the names beside the answers of anonymous surveys; learners never do.',
    );
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();

    box.focus();
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Coaches now see who answered anonymous surveys', expect.anything()),
    );
    await waitFor(() => expect(box).toBeChecked());
    expect(puts).toEqual([{ coaches_see_anonymous: true }]);

    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Anonymous survey answers stay anonymous for coaches',
        expect.anything(),
      ),
    );
    await waitFor(() => expect(box).not.toBeChecked());
    expect(puts).toEqual([{ coaches_see_anonymous: true }, { coaches_see_anonymous: false }]);
  });
});
