import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../../test/render';
import { ShareAnswersView } from '../components/ShareAnswersView';
import { mineral, pebble } from './player.fixtures';

// The Answers panel of an anonymous survey (docs/player.md): other answerers have no name, picture or chat.

const answer = (id: number, name: string, isMe: boolean, value: string) => ({
  id,
  name,
  avatar: id > 0 && !isMe ? '/files/avatars/rico.png' : null,
  is_me: isMe,
  discussion_id: null,
  updated_at: '2026-03-02T10:00:00.000Z',
  answers: [{ value_id: 1, value }],
});

function poll(anonymous: boolean) {
  return {
    pool_id: 5,
    pebble_id: 9,
    trail_id: 3,
    fa_icon: 'fa-coffee',
    fa_icon_background: null,
    fa_icon_border: null,
    question: 'Morning drink',
    is_multiple: false,
    users: 2,
    total: 2,
    anonymous,
    summary: [
      { value_id: 1, value: 'Coffee', count: 1, percent: 50 },
      { value_id: 2, value: 'Tea', count: 1, percent: 50 },
    ],
    answers: anonymous
      ? [answer(7, 'Lena Learner', true, 'Coffee'), answer(0, '', false, 'Tea'), answer(0, '', false, 'Tea')]
      : [answer(7, 'Lena Learner', true, 'Coffee'), answer(8, 'Rico Rival', false, 'Tea')],
  };
}

function show(anonymous: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: poll(anonymous) }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  const p = pebble([mineral('sa_text', { pool_id: 5 }, 5)], { poll_pool_id: 5 });
  return renderRoutes([at('*', <ShareAnswersView pebble={p} onGoToPebble={() => {}} />)], '/player/3');
}

afterEach(() => vi.unstubAllGlobals());

describe('the Answers panel', () => {
  it('an anonymous survey: "Anonymous" instead of names, no pictures, no chat; the learner’s own answer is theirs', async () => {
    const { container } = show(true);
    expect(await screen.findByText('Answers are shared anonymously: names and pictures are hidden.')).toBeVisible();
    expect(screen.getAllByText('Anonymous')).toHaveLength(2);
    expect(screen.getByText('Lena Learner')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryAllByRole('button').filter((b) => b.textContent !== 'Go to this page')).toEqual([]);
  });

  it('a named poll shows the answerer and a way to chat with them', async () => {
    show(false);
    expect(await screen.findByText('Rico Rival')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rico Rival/ })).toBeInTheDocument();
    expect(screen.queryByText('Anonymous')).not.toBeInTheDocument();
    expect(screen.queryByText(/shared anonymously/)).not.toBeInTheDocument();
  });
});
