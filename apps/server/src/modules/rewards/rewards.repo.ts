import { namedStatement } from '../../db/client';
import type { RewardDecl } from '../../db/schema';

export interface RewardRow {
  id: number;
  trail_id: number;
  reward_key: string;
  achieved_at: Date;
  /** the reward's declaration in its trail (the first with its key), null when the trail no longer declares it */
  decl: RewardDecl | null;
  /** the user's first reward (earliest achieved), and their latest */
  first_time: boolean;
  latest: boolean;
}

/**
 * The user's rewards (all when $2 is null, else those of the ids in $2), newest first, each with its declaration in
 * its trail and whether it is the user's first and latest reward — one prepared statement. $1 user, $2 int[].
 */
export const userRewardRows = namedStatement<RewardRow>(
  'cairn_user_reward_rows',
  `select r.id, r.trail_id, r.reward_key, r.achieved_at,
     (select d.value from jsonb_array_elements(t.rewards) with ordinality d(value, n)
      where d.value -> 'key' = to_jsonb(r.reward_key) order by d.n limit 1) as decl,
     r.id is not distinct from (select f.id from user_rewards f where f.user_id = $1
                                order by f.achieved_at, f.id limit 1) as first_time,
     r.id is not distinct from (select l.id from user_rewards l where l.user_id = $1
                                order by l.achieved_at desc, l.id desc limit 1) as latest
   from user_rewards r join trails t on t.id = r.trail_id
   where r.user_id = $1 and ($2::int[] is null or r.id = any($2::int[]))
   order by r.achieved_at desc, r.id desc`,
);
