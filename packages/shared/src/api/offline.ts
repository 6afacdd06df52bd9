import { z } from 'zod';
import { pebbleSchema } from './trails';

/**
 * GET /api/offline/trails/{id}: a trail as the player needs it without a network (docs/offline.md): every pebble
 * presented as the player shows it (minerals, options, the learner's answers; never the right answers), in order.
 * Content is write-once, so a download never goes stale; the learner's state in it is the state when downloaded.
 */
export const offlineTrailSchema = z.object({
  trail_id: z.number().int(),
  pebbles: z.array(pebbleSchema),
  /** files the pebbles show (option media, backgrounds, the trail's icon), to be kept with the download */
  files: z.array(z.string()),
});
export type OfflineTrail = z.infer<typeof offlineTrailSchema>;
export const offlineTrailResponseSchema = z.object({ data: offlineTrailSchema });
