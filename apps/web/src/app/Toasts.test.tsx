import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { composersShown } from '../lib/notify';
import Toasts from './Toasts';

afterEach(() => {
  act(() => toast.dismiss());
  composersShown.set(0);
});

const position = async (text: string) => {
  const item = await screen.findByText(text);
  return item.closest('[data-sonner-toast]')?.getAttribute('data-y-position');
};

describe('toasts keep clear of a chat composer', () => {
  it('come at the bottom, and at the top while a composer is shown (the side panel has it at its bottom)', async () => {
    render(<Toasts />);
    act(() => {
      toast('first');
    });
    expect(await position('first')).toBe('bottom');
    act(() => {
      toast.dismiss();
      composersShown.set(1);
    });
    act(() => {
      toast('second');
    });
    expect(await position('second')).toBe('top');
  });
});
