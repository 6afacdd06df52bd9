import type { TrailResult } from '@cairn/shared/api/results';
import { lazy, Suspense } from 'react';
import { importWithReload } from '../../../lib/chunk-reload';
import { loadNamespaces } from '../../../lib/i18n';
import { useProfile } from '../../../lib/use-profile';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { loadResultChatDock } from '../../chat';
import { useTrail } from '../../trails';

/** The chat docked beside the result on wide screens: a chunk of its own, with its translations. */
const ResultChatDock = lazy(async () => {
  const [m] = await Promise.all([importWithReload(loadResultChatDock), loadNamespaces(['chat'])]);
  return m;
});

/** Whom the result's viewer chats with: the trail's coach for the learner's own result, else the learner. */
function useResultChatPartner(result: TrailResult | undefined, viewerId: number | undefined) {
  const own = !!result && result.user.id === viewerId;
  const trail = useTrail(own ? result?.trail.id : undefined);
  if (!result || viewerId === undefined) return null;
  if (!own) return { userId: result.user.id, name: result.user.name };
  const coach = trail.data?.coach;
  if (!coach || coach.id === viewerId) return null;
  return { userId: coach.id, name: `${coach.firstname ?? ''} ${coach.lastname ?? ''}`.trim() };
}

/**
 * On wide screens (≥ 1024 px) a trail result opens the chat with the other side beside it (§2), in the side
 * panel and on /results/{id} alike; it carries the trail (sendTrail): the first message sent from it has the
 * result as a card. `placement` says where it docks: next to the result panel, or at the page's edge.
 */
export function ResultChat({ result, placement }: { result: TrailResult | undefined; placement: 'panel' | 'page' }) {
  const { data: user } = useProfile();
  const wide = useWideScreen();
  const partner = useResultChatPartner(result, user?.id);
  if (!wide || !partner || !result) return null;
  return (
    <Suspense fallback={null}>
      <ResultChatDock
        userId={partner.userId}
        name={partner.name}
        trail={{ id: result.trail.id, userId: result.user.id, name: result.trail.name }}
        placement={placement}
      />
    </Suspense>
  );
}
