import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OptionMedia } from '../features/player/minerals/OptionMedia';
import { AudioPlayer } from './AudioPlayer';

const broken = (container: HTMLElement) => {
  const audio = container.querySelector('audio');
  expect(audio).not.toBeNull();
  fireEvent.error(audio as HTMLAudioElement);
};

describe('an audio playback error removes the player (§8), wherever audio plays', () => {
  it('the shared player goes and leaves its fallback', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<AudioPlayer src="/files/missing.mp3" label="Song" fallback={<p>gone</p>} />);
    broken(container);
    expect(container.querySelector('audio')).toBeNull();
    expect(screen.getByText('gone')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('question and option media', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(
      <OptionMedia
        media={{ type: 'audio', url: '/files/broken.ogg', metadata: { mimetype: 'audio/ogg' } } as never}
        alt="Chime"
      />,
    );
    expect(screen.getByLabelText('Chime')).toBeInTheDocument();
    broken(container);
    expect(container.querySelector('audio')).toBeNull();
  });

  it('a new source gets a new chance', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, rerender } = render(<AudioPlayer src="/a.mp3" />);
    broken(container);
    rerender(<AudioPlayer src="/b.mp3" />);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('/b.mp3');
  });
});
