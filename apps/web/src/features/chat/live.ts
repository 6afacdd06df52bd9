import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openLive } from '../../lib/socket';
import { chatsKey, discussionKey, hasMessage, refreshChats } from './api';

/**
 * Live chat events (§4): a new message raises the unread counts and moves its discussion to the top (the list and
 * the profile counter reload; an open discussion reloads and so stays read); a read mark of another participant
 * turns the sender's ticks. Enabled only for an authenticated, non-public user.
 */
export function useLiveChats(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = openLive();
    // a message this tab already shows (its own send, added from the answer) does not read the discussion again
    const onMessage = ({ discussion_id, message_id }: { discussion_id: number; message_id: number }) =>
      refreshChats(qc, hasMessage(qc, discussion_id, message_id) ? undefined : discussion_id);
    const onRead = ({ discussion_id }: { discussion_id: number }) => {
      void qc.invalidateQueries({ queryKey: discussionKey(discussion_id) });
      void qc.invalidateQueries({ queryKey: chatsKey, exact: true });
    };
    // an admin changed a team the user is (or was) in: the list, the badge and that discussion reload
    const onChanged = ({ discussion_id }: { discussion_id: number }) => refreshChats(qc, discussion_id);
    socket.on('BROADCAST_NEW_MESSAGE', onMessage);
    socket.on('CHAT_READ', onRead);
    socket.on('CHATS_CHANGED', onChanged);
    return () => {
      socket.off('BROADCAST_NEW_MESSAGE', onMessage);
      socket.off('CHAT_READ', onRead);
      socket.off('CHATS_CHANGED', onChanged);
    };
  }, [enabled, qc]);
}
