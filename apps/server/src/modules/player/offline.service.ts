import type { OfflineTrail, Pebble } from '@cairn/shared';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mineralAnswers, pebbles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/http-error';
import { loadTrailView } from '../trails/trails.repo';
import { type AnswerLike, presentPebble } from './player.presenter';
import { pebbleJson } from './player.repo';
import type { PebbleDetail } from './player.types';

type OfflineRow = { details: PebbleDetail[] | null; answers: (AnswerLike & { pebbleId: number })[] | null };

/** Every file path a presented pebble names (option media, backgrounds, icons): strings that start with /files/ or /img/. */
function filesOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (value.length <= 2048 && (value.startsWith('/files/') || value.startsWith('/img/'))) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) filesOf(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) filesOf(v, into);
  }
  return into;
}

/**
 * GET /api/offline/trails/{id}: the trail's pebbles as the player presents them, for playing without a network
 * (docs/offline.md). Two statements whatever the trail's size: the learner's view (loadTrailView refuses a trail
 * that is not theirs to play: 404) and the pebbles' details with the learner's answers. Nothing is opened or written.
 */
export async function offlineTrail(db: Db, actor: Actor, trailId: number): Promise<OfflineTrail> {
  const view = await loadTrailView(db, actor, trailId);
  if (!view || view.pebbles.length === 0) throw notFound('Trail not found');
  const res = await db.execute<OfflineRow>(sql`select
      (select json_agg(${pebbleJson('p')} order by p.position, p.id) from ${pebbles} p where p.trail_id = ${trailId})
        as details,
      (select json_agg(json_build_object('pebbleId', a.pebble_id, 'mineralId', a.mineral_id, 'options', a.options,
          'value', a.value, 'mediaId', a.media_id))
        from ${mineralAnswers} a where a.user_id = ${actor.userId} and a.trail_id = ${trailId}) as answers`);
  const { details, answers } = res.rows[0];
  const presented: Pebble[] = (details ?? []).map((detail) => {
    const own = (answers ?? []).filter((a) => a.pebbleId === detail.pebble.id);
    const pebble = presentPebble(view, detail, own, actor.userId);
    pebble.is_rbo = detail.pebble.isRbo;
    pebble.rbo_scale = detail.pebble.rboScale as 'stars' | 'emojis';
    // ratings and the players-answered count need the server: not shown offline
    pebble.poll_answers = null;
    pebble.rbo_results = null;
    return pebble;
  });
  const files = filesOf(presented, new Set());
  // the player shows a pebble's background image at the §9 sizes of the image service, not the original file
  for (const p of presented) {
    const bg = p.backgroundLandscape;
    if (bg?.type !== 'image') continue;
    files.add(imageUrl(bg.url, IMAGE_SIZES.backgroundLandscape));
    files.add(imageUrl(bg.url, IMAGE_SIZES.backgroundPortrait));
  }
  return { trail_id: trailId, pebbles: presented, files: [...files] };
}
