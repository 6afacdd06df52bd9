import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr, mineral, renderPebble } from './player.fixtures';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('multiple choice limits and hints', () => {
  it('counts down to ready and disables unselected options at the limit', async () => {
    const user = userEvent.setup();
    renderPebble([mineral('ma_text', { maSelectLimit: 2 })]);
    // the limit is a maximum: one option already answers the question
    expect(screen.getByText('Choose up to 2')).toBeInTheDocument();
    await user.click(checkbox(/Alpha/));
    expect(screen.getByText('You can choose up to 1 more')).toBeInTheDocument();
    expect(next().disabled).toBe(false);
    await user.click(checkbox(/Beta/));
    expect(screen.getByText('Ready to submit')).toBeInTheDocument();
    expect(checkbox(/Gamma/).disabled).toBe(true);
    // unticking frees the others again
    await user.click(checkbox(/Beta/));
    expect(checkbox(/Gamma/).disabled).toBe(false);
  });

  it('says any number when the limit is 0', () => {
    renderPebble([mineral('ma_image', { maSelectLimit: 0 })]);
    expect(screen.getByText('Choose as many as you like')).toBeInTheDocument();
  });

  it('labels options with letters', () => {
    renderPebble([mineral('sa_text')]);
    for (const name of ['A: Alpha', 'B: Beta', 'C: Gamma'])
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
  });
});

describe('the required mark', () => {
  it('marks required questions only, also in a required pebble', () => {
    renderPebble([mineral('sa_text', { required: false, title: 'Optional one' }), mineral('text_input', {}, 2)], {
      is_required: true,
    });
    const [optional, required] = screen.getAllByRole('heading', { level: 2 });
    expect(optional.textContent).toBe('Optional one');
    expect(required.textContent).toBe('Question text_input* (required)');
  });
});

describe('can_change_answer', () => {
  it('is read-only once answered when changes are not allowed, without the asterisk', () => {
    const m = { ...mineral('sa_text'), answer: { id: 1, options: [100] } };
    renderPebble([m], { answered: true, can_change_answer: false, is_required: true });
    for (const r of screen.getAllByRole('radio')) expect((r as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Alpha/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Question sa_text');
    expect(next().disabled).toBe(false);
  });

  it('keeps answers editable when changes are allowed', () => {
    const m = { ...mineral('sa_text'), answer: { id: 1, options: [100] } };
    renderPebble([m], { answered: true, can_change_answer: true });
    expect((screen.getByRole('radio', { name: /Beta/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('order by keyboard', () => {
  it('grabs with Space, moves with arrows, cancels with Escape', async () => {
    const user = userEvent.setup();
    const { onMove } = renderPebble([mineral('order')]);
    screen.getByRole('button', { name: 'First, position 1 of 3' }).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}');
    expect(screen.getByText('First moved to position 3 of 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'First, position 1 of 3' })).toBeInTheDocument();
    await user.keyboard(' {ArrowDown} ');
    expect(screen.getByText('First dropped at position 2 of 3')).toBeInTheDocument();
    await user.click(next());
    expect(onMove).toHaveBeenCalledWith('next', [{ id: 1, options: [101, 100, 102] }]);
  });
});

describe('word bubble', () => {
  it('builds the answer in tap order and removes a word tapped again', async () => {
    const user = userEvent.setup();
    const { onMove } = renderPebble([mineral('word_bubble')]);
    await user.click(screen.getByRole('button', { name: 'sat' }));
    await user.click(screen.getByRole('button', { name: 'the' }));
    await user.click(screen.getByRole('button', { name: 'cat' }));
    // tapping a chosen word in the cloud takes it out again
    await user.click(screen.getByRole('button', { name: 'sat', pressed: true }));
    expect(screen.getByRole('button', { name: 'Remove the (word 1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the (word 1)' }));
    await user.click(screen.getByRole('button', { name: 'the' }));
    await user.click(next());
    expect(onMove).toHaveBeenCalledWith('next', [{ id: 1, options: [101, 100] }]);
  });
});

describe('uploads', () => {
  it('shows the full-screen loader while uploading, previews, and delete clears and destroys', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPebble([mineral('image_input')]);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    // the question's type goes along, so the server refuses a file of another kind
    await waitFor(() => expect(FakeXhr.last?.url).toBe('/media?mineral_type=image_input'));
    expect((FakeXhr.last?.body?.get('file') as File | undefined)?.name).toBe('photo.png');
    act(() => FakeXhr.last?.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading…' }).getAttribute('aria-valuenow')).toBe('40');
    act(() => FakeXhr.last?.finish([100]));
    expect(await screen.findByRole('img', { name: 'Your uploaded file' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(next().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/media/77', expect.objectContaining({ method: 'DELETE' }));
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Upload an image')).toBeInTheDocument();
  });
});

describe('upload questions take only their kind of file', () => {
  it.each([
    [
      'image_input',
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      'Please choose an image (for example JPG, PNG or GIF).',
    ],
    [
      'audio_input',
      new File(['x'], 'photo.png', { type: 'image/png' }),
      'Please choose an audio file (for example MP3, WAV or M4A).',
    ],
  ] as const)(
    '%s: a wrong file (picked past the accept filter) is refused in a toast, nothing is sent',
    async (type, f, message) => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      FakeXhr.last = null;
      toast.error.mockClear();
      // "All files" in the browser's picker: the accept attribute only suggests
      const user = userEvent.setup({ applyAccept: false });
      renderPebble([mineral(type)]);
      const input = document.querySelector('input[type=file]') as HTMLInputElement;
      expect(input.accept).toBe(type === 'image_input' ? 'image/*' : 'audio/*');
      await user.upload(input, f);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message, expect.anything()));
      expect(FakeXhr.last).toBeNull();
      expect(next().disabled).toBe(true);
    },
  );

  it('shows the server refusal (415 upload_correct_file_type) in a toast and keeps the field empty', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    toast.error.mockClear();
    const user = userEvent.setup();
    renderPebble([mineral('image_input')]);
    await user.upload(
      document.querySelector('input[type=file]') as HTMLInputElement,
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => {
      const xhr = FakeXhr.last as FakeXhr;
      xhr.status = 415;
      xhr.responseText = JSON.stringify({
        message: 'The question asks for a file of the kind image',
        code: 'upload_correct_file_type',
      });
      xhr.onload?.();
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'This file is not of the type the question asks for. Please choose another file.',
        expect.anything(),
      ),
    );
    expect(next().disabled).toBe(true);
  });
});

describe('ratings and opinion', () => {
  it('offers stars and emojis as radios named by their labels', async () => {
    const user = userEvent.setup();
    renderPebble([
      mineral('5_point_rating', { type: 'emojis', label_1: 'Awful', label_5: 'Great' }, 1),
      mineral('5_point_rating', { type: 'stars' }, 2),
    ]);
    expect(screen.getByRole('radio', { name: '1 out of 5: Awful' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 out of 5: Great' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('radio', { name: '3 out of 5' })[1]);
    expect(screen.getAllByRole('radiogroup')[1].querySelectorAll('path[fill="rgb(217 177 0)"]').length).toBe(3);
  });

  it('lays an 11-point opinion scale out in rows of 6, a 5-point one in rows of 5', () => {
    renderPebble([mineral('opinion', { min: 0, max: 10 }, 1), mineral('opinion', { min: 1, max: 5 }, 2)]);
    const [eleven, five] = screen.getAllByRole('radiogroup');
    expect(eleven.className).toContain('grid-cols-6');
    expect(five.className).toContain('grid-cols-5');
    expect(screen.getAllByText('Never').length).toBe(2);
  });
});
