import type { Reward } from '@cairn/shared';
import { namedStatement } from '../../db/client';
import { isoTextSql } from '../../lib/days';
import { readableDateSql } from '../results/results.rules';

/**
 * The user's rewards (all when $2 is null, else those of the ids in $2), newest first, as the API shows them — one
 * prepared statement, one JSON array: each with its texts from its declaration in its trail (the first with its
 * key; a reward its trail no longer declares is left out), `created_at` as ISO 8601 in UTC with milliseconds (as
 * `Date.toISOString`), `readable_achieved_at` as readableDate writes it, and whether it is the user's first
 * and latest reward. $1 user, $2 int[].
 */
export const userRewards = namedStatement<{ data: Reward[] }>(
  'cairn_user_rewards',
  `select coalesce(json_agg(json_build_object('id', r.id, 'trail_id', r.trail_id, 'title', d->>'title',
       'subtitle', d->>'subtitle', 'description', d->>'description',
       'experience', coalesce((d->>'experience')::int, 0),
       'media', case when d->>'media' is not null then json_build_object('url', d->>'media') end,
       'prize_title', d->>'prize_title', 'prize_description', d->>'prize_description',
       'created_at', ${isoTextSql('r.achieved_at')},
       'readable_achieved_at', ${readableDateSql('r.achieved_at')},
       'first_time', r.id is not distinct from f.first, 'latest', r.id is not distinct from f.latest)
       order by r.achieved_at desc, r.id desc), '[]'::json) as data
   from user_rewards r join trails t on t.id = r.trail_id
   cross join lateral (select d.value as d from jsonb_array_elements(t.rewards) with ordinality d(value, n)
                       where d.value -> 'key' = to_jsonb(r.reward_key) order by d.n limit 1) decl
   cross join lateral (
     select (select f.id from user_rewards f where f.user_id = $1 order by f.achieved_at, f.id limit 1) as first,
            (select l.id from user_rewards l where l.user_id = $1 order by l.achieved_at desc, l.id desc limit 1) as latest) f
   where r.user_id = $1 and ($2::int[] is null or r.id = any($2::int[]))`,
);
