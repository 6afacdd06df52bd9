import type { User } from '@cairn/shared/api/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VaultModal } from './VaultModal';

const user = { id: 7, avatar: [], firstname: 'Lea', lastname: 'Learner' } as unknown as User;

const vaults = {
  data: [
    {
      id: 1,
      name: 'My vault',
      icon: 'folder',
      parent_id: null,
      shared: false,
      folders: [],
      descendants: [
        {
          id: 11,
          title: 'Beach',
          url: '/files/media/1/aa.png',
          type: 'image',
          thumbnails: {},
          useThumb: true,
          metadata: { src_url: '', mimetype: 'image/png', src_mimetype: 'image/png', isPortrait: false },
        },
        {
          id: 12,
          title: 'Notes',
          url: '/files/media/1/bb.pdf',
          type: 'file',
          thumbnails: {},
          useThumb: false,
          metadata: { src_url: '', mimetype: 'application/pdf', src_mimetype: 'application/pdf', isPortrait: false },
        },
      ],
    },
  ],
};

const image = (id: number, title: string) => ({ ...vaults.data[0].descendants[0], id, title });
const folderPage = (page: number, title: string) => ({
  data: { ...vaults.data[0], id: 2, name: 'Trips', parent_id: 1, folders: [], descendants: [image(20 + page, title)] },
  meta: { pagination: { total: 2, total_pages: 2, page, per_page: 24 } },
});
const ROUTES: Record<string, unknown> = {
  '/api/vaults': { data: [{ ...vaults.data[0], folders: [{ id: 2, name: 'Trips', icon: null }] }] },
  '/api/vaults/2?descendants=1&page=1&per_page=24': folderPage(1, 'Rome'),
  '/api/vaults/2?descendants=1&page=2&per_page=24': folderPage(2, 'Paris'),
};

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(ROUTES[url] ?? vaults), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <VaultModal user={user} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, ue: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Use as avatar' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('VaultModal', () => {
  it('has the two tabs, choose existing first, switchable by keyboard', async () => {
    const { ue } = setup();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Choose existing', 'Upload your own']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    tabs[0].focus();
    await ue.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Upload your own' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Choose a file')).toBeInTheDocument();
  });

  it('lists only images to choose from and enables submit once one is chosen', async () => {
    const { ue } = setup();
    const beach = await screen.findByRole('img', { name: 'Beach' });
    expect(screen.queryByRole('img', { name: 'Notes' })).not.toBeInTheDocument();
    expect(beach.getAttribute('src')).toMatch(/^\/img\//);
    expect(submit()).toHaveProperty('disabled', true);
    await ue.click(beach);
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('keeps submit disabled until a file is picked, and previews only jpg, jpeg, png and gif names', async () => {
    const { ue } = setup();
    await ue.click(screen.getByRole('tab', { name: 'Upload your own' }));
    expect(submit()).toHaveProperty('disabled', true);

    for (const name of ['me.jpg', 'me.JPEG', 'me.png', 'me.gif']) {
      await ue.upload(fileInput(), new File(['x'], name, { type: 'image/png' }));
      await waitFor(() => expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toBeInTheDocument());
      expect(submit()).toHaveProperty('disabled', false);
    }
    const input = fileInput();
    input.removeAttribute('accept');
    await ue.upload(input, new File(['x'], 'me.webp', { type: 'image/webp' }));
    await waitFor(() => expect(screen.getByText('No preview for this file type')).toBeInTheDocument());
    expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
  });

  it('browses a folder page by page (GET /api/vaults/{id}) and back to every folder', async () => {
    const { ue } = setup();
    await screen.findByRole('img', { name: 'Beach' });
    await ue.click(screen.getByRole('button', { name: 'Open Trips' }));
    expect(await screen.findByRole('img', { name: 'Rome' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Beach' })).not.toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Show more files' }));
    expect(await screen.findByRole('img', { name: 'Paris' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rome' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more files' })).not.toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'All folders' }));
    expect(await screen.findByRole('img', { name: 'Beach' })).toBeInTheDocument();
  });

  it('closes from the close button', async () => {
    const { ue, onClose } = setup();
    await ue.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
