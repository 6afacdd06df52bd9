import { isPublicRoleName } from '@cairn/shared/constants';
import { usePlayQuiet } from '../../features/battles';
import { BattlePopup } from '../../features/battles/components/BattlePopup';
import { BattleResultPanel } from '../../features/battles/components/BattleResultPanel';
import { DatePopup } from '../../features/battles/components/DatePopup';
import { RatingPopup } from '../../features/rbo/components/RatingPopup';
import { TrailResultPanel } from '../../features/results/components/TrailResultPanel';
import { RewardPopups } from '../../features/rewards/components/RewardPopups';
import { useResultPanel } from '../../lib/result-panel';
import { useSession } from '../../lib/session';
import { useProfile } from '../../lib/use-profile';
import { useLiveEvents } from './live-events';

/**
 * Mounted by the frame's Popups in both layouts: the trail result panel, the live popups and the live-event
 * dispatcher. While a battle plays the popups wait (nothing blocking during play); live events still arrive.
 */
export default function LiveHost() {
  const { authenticated, trailId } = useSession();
  const { data: user } = useProfile();
  const isPublic = trailId !== null || !!user?.roles.some((r) => isPublicRoleName(r.name));
  const live = authenticated && !!user && !isPublic;
  useLiveEvents(live);
  const target = useResultPanel();
  // nothing blocking while a battle plays (docs/battles.md): the popups wait in their stores until it ends
  const quiet = usePlayQuiet();
  if (!live || quiet) return null;
  return (
    <>
      {target && <TrailResultPanel key={`${target.userId}-${target.trailId}`} target={target} />}
      <RewardPopups />
      <RatingPopup />
      <BattlePopup />
      <DatePopup />
      <BattleResultPanel />
    </>
  );
}
