import type { Progress } from '@cairn/shared/api/trails';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

import { applyCustomerColours, saveCustomerPalette } from '../../../lib/branding';
import { setNavigator } from '../../../lib/navigation';
import { session } from '../../../lib/session';
import { at, renderRoutes } from '../../../test/render';
import { ThankYouScreen } from '../components/screens';
import { finishPublic } from '../finish';

const acme = { color0: { r: 255, g: 102, b: 0 }, color2: { r: 38, g: 50, b: 56 } };
const progress: Progress = {
  answered: 4,
  passed: 3,
  total: 4,
  percent: 100,
  status: 'completed',
  xp: 30,
  xp_total: 40,
  crowns: 0,
  crowns_total: 0,
  tries_total: 0,
  tries_used: 1,
  tries_left: null,
  trail_passed: true,
};

describe('the public thank-you page', () => {
  it('after the last pebble: branded with the customer’s logo and colours, the score, and no toast', async () => {
    // the App's clean-up on a session's end (App.tsx): the customer's colours go
    const off = session.onEnd(() => {
      applyCustomerColours(null);
      saveCustomerPalette(null);
    });
    session.save({
      token_type: 'Bearer',
      access_token: 'public',
      refresh_token: 'r',
      expires_in: 600,
      refresh_expires_in: 3600,
    });
    saveCustomerPalette(acme);
    applyCustomerColours(acme);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const { router } = renderRoutes(
      [at('/player/:id', <p>playing</p>), at('/thank-you', <ThankYouScreen />)],
      '/player/1',
    );
    setNavigator((to, opts) => router.navigate(to, opts));

    await finishPublic(null, progress);

    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cairn logo' })).toBeInTheDocument();
    expect(screen.getByText('Your score: 3 of 4')).toBeInTheDocument();
    expect(screen.getByText('30 experience points earned')).toBeInTheDocument();
    expect(session.tokens()).toBeNull();
    // branded still, although the session's end reset the colours
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--accent')).toMatch(/^\d+ \d+ \d+$/));
    await new Promise((r) => setTimeout(r, 0));
    expect(toast.error).not.toHaveBeenCalled();
    off();
    applyCustomerColours(null);
  });
});
