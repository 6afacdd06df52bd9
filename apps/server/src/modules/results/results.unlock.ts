import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pebbleStates, pebbles, trailProgress, trails, userCertificates, userRewards } from '../../db/schema';
import type { Actor } from '../accounts/sessions.service';
import { createNotification, NOTIFY_REWARD } from '../notifications/notifications.service';
import { computeProgress, type PebbleLite, rewardsEarned, type StateLite } from '../trails/progress';
import { certificateDue } from './results.rules';

/** A Drizzle transaction (or the db itself): what the answer flow hands over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Unlocked {
  rewardIds: number[];
  certificateIds: number[];
}

/** What the caller already holds of the trail and the learner's state on it (read inside the transaction). */
export interface KnownProgress {
  trail: Pick<typeof trails.$inferSelect, 'name' | 'triesTotal' | 'passPercent' | 'rewards' | 'certificate'>;
  pebbles: PebbleLite[];
  states: Map<number, StateLite>;
  triesUsed: number;
}

/**
 * Called by the player after an answer is stored, in the same transaction: issues the rewards whose unlock
 * rule the learner's progress now meets and the trail's certificate when due (docs/results.md), each once,
 * with a notification (delivered live on commit). `known`: the trail, its pebbles and the learner's states
 * and tries the caller already loaded (the states and tries read inside this transaction, after the answer
 * was stored), so they are not read again; without it they are read here.
 */
export async function onAnswerStored(tx: Tx, actor: Actor, trailId: number, known?: KnownProgress): Promise<Unlocked> {
  const loaded = known ?? (await loadProgress(tx, actor, trailId));
  if (!loaded) return { rewardIds: [], certificateIds: [] };
  const { trail } = loaded;
  const progress = computeProgress(trail, loaded.pebbles, loaded.states, Math.max(loaded.triesUsed, 1));

  const earned = rewardsEarned(trail.rewards, progress);
  let rewardIds: number[] = [];
  if (earned.length > 0) {
    const rows = await tx
      .insert(userRewards)
      .values(earned.map((r) => ({ userId: actor.userId, trailId, rewardKey: r.key })))
      .onConflictDoNothing()
      .returning({ id: userRewards.id });
    rewardIds = rows.map((r) => r.id);
    if (rewardIds.length > 0) {
      await createNotification(tx, actor.userId, NOTIFY_REWARD, {
        rewards: rewardIds,
        trail_id: trailId,
        trail: trail.name,
      });
    }
  }

  let certificateIds: number[] = [];
  if (trail.certificate && certificateDue(trail.certificate, progress)) {
    const rows = await tx
      .insert(userCertificates)
      .values({ userId: actor.userId, trailId, title: trail.certificate.title })
      .onConflictDoNothing()
      .returning({ id: userCertificates.id });
    // announced by the certificates job once its PDF exists (NOTIFY_CERTIFICATE with name, file and pdf)
    certificateIds = rows.map((r) => r.id);
  }
  return { rewardIds, certificateIds };
}

async function loadProgress(tx: Tx, actor: Actor, trailId: number): Promise<KnownProgress | null> {
  const [trail] = await tx.select().from(trails).where(eq(trails.id, trailId));
  if (!trail) return null;
  const [ps, ss, [tp]] = await Promise.all([
    tx
      .select({
        id: pebbles.id,
        trailId: pebbles.trailId,
        position: pebbles.position,
        stage: pebbles.stage,
        xp: pebbles.xp,
      })
      .from(pebbles)
      .where(eq(pebbles.trailId, trailId))
      .orderBy(asc(pebbles.position)),
    tx
      .select({ pebbleId: pebbleStates.pebbleId, answeredAt: pebbleStates.answeredAt, passed: pebbleStates.passed })
      .from(pebbleStates)
      .where(and(eq(pebbleStates.userId, actor.userId), eq(pebbleStates.trailId, trailId))),
    tx
      .select({ triesUsed: trailProgress.triesUsed })
      .from(trailProgress)
      .where(and(eq(trailProgress.userId, actor.userId), eq(trailProgress.trailId, trailId))),
  ]);
  return { trail, pebbles: ps, states: new Map(ss.map((s) => [s.pebbleId, s])), triesUsed: tp?.triesUsed ?? 1 };
}
