import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaView } from './MediaView';

describe('MediaView', () => {
  it('shows images through the image service at 600x400 inside', () => {
    render(<MediaView url="/files/media/1/ab.png" title="Photo" mimetype="image/png" />);
    const src = screen.getByRole('img', { name: 'Photo' }).getAttribute('src') ?? '';
    expect(src).toMatch(/^\/img\//);
    const request = JSON.parse(atob(src.slice(5).replace(/-/g, '+').replace(/_/g, '/')));
    expect(request).toEqual({
      bucket: 'files',
      key: 'media/1/ab.png',
      edits: { resize: { width: 600, height: 400, fit: 'inside' } },
    });
  });

  it('removes the audio player when playback fails', () => {
    const { container } = render(<MediaView url="/files/media/1/a.mp3" title="Song" mimetype="audio/mpeg" />);
    const audio = container.querySelector('audio');
    expect(audio).not.toBeNull();
    fireEvent.error(audio as HTMLAudioElement);
    expect(container.querySelector('audio')).toBeNull();
    expect(screen.getByText('This audio file cannot be played.')).toBeInTheDocument();
  });

  it('plays QuickTime as mp4', () => {
    const { container } = render(<MediaView url="/files/media/1/v.mov" title="Clip" mimetype="video/quicktime" />);
    expect(container.querySelector('video source')?.getAttribute('type')).toBe('video/mp4');
  });

  it.each([
    ['application/pdf', 'PDF document'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word document'],
    ['application/vnd.ms-excel', 'Excel spreadsheet'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PowerPoint presentation'],
    ['text/plain', 'Text file'],
  ])('shows %s with its icon and a download link', (mimetype, label) => {
    render(<MediaView url="/files/media/1/x.bin" title="Report" mimetype={mimetype} downloadUrl="/dl" />);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Report' }).getAttribute('href')).toBe('/dl');
  });
});
