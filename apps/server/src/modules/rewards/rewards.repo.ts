import { namedStatement } from '../../db/client';
import type { RewardDecl } from '../../db/schema';

export interface RewardRow {
  id: number;
  trail_id: number;
  reward_key: string;
  achieved_at: Date;
  /** the declarations of the reward's trail */
  trail_rewards: RewardDecl[];
  /** the user's first reward (earliest achieved), and their latest */
  first_time: boolean;
  latest: boolean;
}

/**
 * The user's rewards (all when $2 is null, else those of the ids in $2), newest first, each with its trail's
 * declarations and whether it is the user's first and latest reward — one prepared statement. $1 user, $2 int[].
 */
export const userRewardRows = namedStatement<RewardRow>(
  'cairn_user_rewards',
  `select r.id, r.trail_id, r.reward_key, r.achieved_at, t.rewards as trail_rewards,
     r.id is not distinct from (select f.id from user_rewards f where f.user_id = $1
                                order by f.achieved_at, f.id limit 1) as first_time,
     r.id is not distinct from (select l.id from user_rewards l where l.user_id = $1
                                order by l.achieved_at desc, l.id desc limit 1) as latest
   from user_rewards r join trails t on t.id = r.trail_id
   where r.user_id = $1 and ($2::int[] is null or r.id = any($2::int[]))
   order by r.achieved_at desc, r.id desc`,
);
