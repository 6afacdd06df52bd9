import { fas, type IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findIcon, PebbleIcon } from './PebbleIcon';

const all = Object.values(fas) as IconDefinition[];

describe('pebble icons', () => {
  it('finds the icons content packages name, Font Awesome 5 names included', () => {
    expect(findIcon(all, 'fa-tv')?.iconName).toBe('tv');
    expect(findIcon(all, 'fa-pencil-alt')?.iconName).toBe('pencil');
    expect(findIcon(all, 'fa-tachometer-alt')?.iconName).toBe('gauge-high');
    expect(findIcon(all, 'fas fa-home')?.iconName).toBe('house');
    expect(findIcon(all, 'fa-no-such-icon')).toBeNull();
  });

  it('draws the icon in the pebble colours, hidden from screen readers', async () => {
    const { container } = render(<PebbleIcon name="fa-bolt" background="rgb(1, 2, 3)" border="rgb(4, 5, 6)" />);
    const badge = container.firstElementChild as HTMLElement;
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    expect(badge.style.background).toBe('rgb(1, 2, 3)');
    expect(badge.style.borderColor).toBe('rgb(4, 5, 6)');
    await waitFor(() => expect(badge.getAttribute('data-icon')).toBe('bolt'));
    expect(badge.querySelector('path')?.getAttribute('d')).toBeTruthy();
  });
});
