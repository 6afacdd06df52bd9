import type { ResultOption } from '@cairn/shared/api/results';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TrailResultView } from '../components/TrailResultView';
import { option, pebble, trailResult } from './results.fixtures';

function renderView(opts: { isOwner: boolean; canReset?: boolean; result?: ReturnType<typeof trailResult> }) {
  const base = opts.result ?? trailResult();
  const result = { ...base, trail: { ...base.trail, can_reset: opts.canReset ?? true } };
  const onReset = vi.fn();
  const onImprove = vi.fn();
  render(
    <TrailResultView
      result={result}
      isOwner={opts.isOwner}
      certificates={result.certificates.map((c) => ({ id: c.id, name: c.name, url: c.file }))}
      onReset={onReset}
      onImprove={onImprove}
    />,
  );
  return { onReset, onImprove };
}

const row = (name: RegExp) => screen.getByRole('button', { name });

describe('trail result rows', () => {
  it('summary open, marker rows collapsed; Enter and Space toggle aria-expanded', async () => {
    const user = userEvent.setup();
    renderView({ isOwner: true });
    expect(row(/^Summary/).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Not passed · 1 / 3')).toBeInTheDocument();
    expect(screen.getByText('2:05 / 10:00')).toBeInTheDocument();
    const basics = row(/^Basics/);
    expect(basics.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(basics.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    basics.focus();
    await user.keyboard('{Enter}');
    expect(basics.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    await user.keyboard(' ');
    expect(basics.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the selected, the correct and the wrong option, and shows typed input', async () => {
    const user = userEvent.setup();
    renderView({ isOwner: false });
    await user.click(row(/^Basics/));
    const answers = screen.getByRole('list', { name: 'Answers to Capitals' });
    const [berlin, paris] = within(answers).getAllByRole('listitem');
    expect(within(berlin).getByText('Your answer')).toBeInTheDocument();
    expect(within(berlin).getByText('Not correct')).toBeInTheDocument();
    expect(within(paris).getByText('Correct answer')).toBeInTheDocument();
    expect(within(paris).queryByText('Your answer')).not.toBeInTheDocument();
    expect(screen.getByText('carbon dioxide')).toBeInTheDocument();
  });

  it("shows a pebble's feedback under its answers, and nothing for pebbles without one", async () => {
    const user = userEvent.setup();
    const base = trailResult();
    const [capitals, ...rest] = base.markers[0].pebbles;
    const withFeedback = { ...capitals, feedback: 'Paris has been the capital since 987.' };
    renderView({
      isOwner: false,
      result: { ...base, markers: [{ ...base.markers[0], pebbles: [withFeedback, ...rest] }] },
    });
    await user.click(row(/^Basics/));
    const article = document.querySelector('[data-pebble-id="1"]') as HTMLElement;
    expect(within(article).getByText('Feedback')).toBeInTheDocument();
    expect(within(article).getByText('Paris has been the capital since 987.')).toBeInTheDocument();
    const facts = document.querySelector('[data-pebble-id="2"]') as HTMLElement;
    expect(within(facts).queryByText('Feedback')).not.toBeInTheDocument();
  });

  it('uploaded answers carry a file-type icon with its name (§9): image, audio, video, pdf, other files', async () => {
    const user = userEvent.setup();
    const upload = (id: number, input: Partial<NonNullable<ResultOption['input']>>) =>
      pebble(id, {
        name: `Upload ${id}`,
        type: 'file_input',
        options: [
          option({
            label: 'A',
            title: '',
            answer: null,
            correct: null,
            input: { text: null, image: null, video: null, audio: null, file: null, media_id: null, ...input },
          }),
        ],
      });
    const base = trailResult();
    const marker = {
      ...base.markers[0],
      marker_name: 'Uploads',
      pebbles: [
        upload(11, { image: '/files/media/1/a.png' }),
        upload(12, { audio: '/files/media/1/b.ogg' }),
        upload(13, { video: '/files/media/1/c.mp4' }),
        upload(14, { file: '/files/media/1/d.pdf?exp=1&sig=x' }),
        upload(15, { file: '/files/media/1/e.docx' }),
      ],
    };
    renderView({ isOwner: false, result: { ...base, markers: [marker] } });
    await user.click(row(/^Uploads/));
    const icon = (pebbleName: string) =>
      within(screen.getByRole('list', { name: `Answers to ${pebbleName}` }))
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label'));
    expect(icon('Upload 11')).toEqual(['Image']);
    expect(icon('Upload 12')).toEqual(['Audio']);
    expect(icon('Upload 13')).toEqual(['Video']);
    expect(icon('Upload 14')).toEqual(['PDF document']);
    expect(icon('Upload 15')).toEqual(['File']);
    expect(screen.getByRole('link', { name: 'PDF document Open the file' })).toBeInTheDocument();
  });

  it('certificates are download links', () => {
    renderView({ isOwner: false });
    const link = screen.getByRole('link', { name: 'Download certificate Demo certificate' });
    expect(link.getAttribute('href')).toBe('/files/pdfs/cert.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });
});

describe('reset and improvement arrows', () => {
  it('the owner gets try again (when can_reset) and arrows on the failed and the next open pebble', async () => {
    const user = userEvent.setup();
    const { onReset, onImprove } = renderView({ isOwner: true });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onReset).toHaveBeenCalled();
    await user.click(row(/^Basics/));
    await user.click(screen.getByRole('button', { name: 'Improve your answer: Capitals' }));
    expect(onImprove).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Improve your answer: Shapes' }));
    expect(onImprove).toHaveBeenLastCalledWith(null);
    // a passed pebble has nothing to improve
    expect(screen.queryByRole('button', { name: 'Improve your answer: Facts' })).not.toBeInTheDocument();
  });

  it('the owner without a try left gets no reset', () => {
    renderView({ isOwner: true, canReset: false });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('another user (a coach) sees neither reset nor arrows', async () => {
    const user = userEvent.setup();
    renderView({ isOwner: false, canReset: true });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(row(/^Basics/));
    expect(screen.queryByRole('button', { name: /^Improve your answer/ })).not.toBeInTheDocument();
  });

  it('an assessment shows its dimensions with their scores', () => {
    renderView({
      isOwner: true,
      result: trailResult({
        player: {
          dimensions: [
            { id: 'empathy', name: 'Empathy', score: 7, total: 10 },
            { id: 'focus', name: 'Focus', score: 3, total: 10 },
          ],
        },
      }),
    });
    const chart = document.querySelector('figure') as HTMLElement;
    expect(within(chart).getByText('Your profile')).toBeInTheDocument();
    expect(within(chart).getByText('Empathy')).toBeInTheDocument();
    expect(within(chart).getByText('7 / 10')).toBeInTheDocument();
  });
});
