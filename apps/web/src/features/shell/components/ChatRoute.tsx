import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { ui } from '../ui-store';

/** /chat is not a page: it opens the side panel on the chats view over the games list. */
export default function ChatRoute() {
  const localize = useLocalePath();
  useEffect(() => ui.openPanel('chats'), []);
  return <Navigate to={localize('/games')} replace />;
}
