import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render';
import LinkSentScreen from './LinkSentScreen';

describe('link-sent screen', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down 5 visible seconds, then goes to login', async () => {
    vi.useFakeTimers();
    renderRoutes(
      [
        { path: '/password/linksent', element: <LinkSentScreen /> },
        { path: '/login', element: <LocationProbe /> },
      ],
      '/password/linksent',
    );
    const countdown = () => screen.getByTestId('countdown').textContent;
    expect(countdown()).toBe('5');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(countdown()).toBe('4');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(countdown()).toBe('1');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
