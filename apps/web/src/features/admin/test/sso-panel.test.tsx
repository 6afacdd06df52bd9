import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

import { at, renderRoutes } from '../../../test/render';
import { SsoPanel } from '../components/SsoPanel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the SSO sign-up domains (admin People screen)', () => {
  it('a refused domain is said on its field only: no toast covers the Save button, so the fix can be saved', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'PUT') return json(200, { data: { domains: [] } });
        const body = JSON.parse(String(init.body)) as { domains: string[] };
        puts.push(body);
        if (body.domains.includes('not'))
          return json(422, {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { 'domains.0': ['The domains.0 field format is invalid'] },
          });
        return json(200, { data: body });
      }),
    );
    renderRoutes([at('*', <SsoPanel />)], '/');
    const field = screen.getByLabelText('E-mail domains');
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Save domains' }));
    expect(await screen.findByText('Enter domains such as example.com, separated by commas')).toBeVisible();
    expect(toast.error).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save domains' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sign-up domains saved', expect.anything()));
    expect(puts).toEqual([{ domains: ['not', 'a', 'domain'] }, { domains: ['example.org'] }]);
  });
});
