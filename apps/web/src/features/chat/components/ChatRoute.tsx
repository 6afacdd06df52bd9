import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ui } from '../../../lib/ui-store';
import { useLocalePath } from '../../../lib/use-locale';
import { openChat } from '../store';

const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * /chat is not a page: it opens the side panel on the chats view over the games list. `?discussion={id}` opens that
 * discussion, `?user={id}` (with an optional `name` and `draft`) the chat with that user — the link form of
 * openChat (features/chat/store.ts) for callers that navigate.
 */
export default function ChatRoute() {
  const localize = useLocalePath();
  const [params] = useSearchParams();
  useEffect(() => {
    const discussionId = id(params.get('discussion'));
    const userId = id(params.get('user'));
    const draft = params.get('draft') ?? undefined;
    if (discussionId !== null) openChat({ discussionId, draft });
    else if (userId !== null) openChat({ userId, name: params.get('name') ?? undefined, draft });
    else ui.openPanel('chats');
  }, [params]);
  return <Navigate to={localize('/games')} replace />;
}
