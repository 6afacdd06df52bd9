import type { trails } from '../../db/schema';
import { rewardsEarned, type TrailProgress } from '../trails/progress';
import { certificateDue } from './results.rules';

/** What an answer unlocks, to be issued once each with the answer (player.repo storeAnswer). */
export interface Unlocks {
  /** the keys of the rewards whose unlock rule the progress meets (already issued ones are skipped on insert) */
  rewardKeys: string[];
  /** the title of the trail's certificate when it is due, else null */
  certificateTitle: string | null;
}

/**
 * The rewards and certificate the learner's progress after an answer unlocks (docs/results.md): decided here in
 * code, issued by the answer's statement in the same transaction as the answer, each once, the rewards with a
 * notification (delivered live on commit). Certificates are announced by the certificates job with their PDF.
 */
export function unlocksDue(
  trail: Pick<typeof trails.$inferSelect, 'rewards' | 'certificate'>,
  progress: TrailProgress,
): Unlocks {
  return {
    rewardKeys: rewardsEarned(trail.rewards, progress).map((r) => r.key),
    certificateTitle: trail.certificate && certificateDue(trail.certificate, progress) ? trail.certificate.title : null,
  };
}
