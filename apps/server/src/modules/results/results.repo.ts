import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  media,
  mineralAnswers,
  mineralOptions,
  minerals,
  pebbles,
  resultPdfs,
  roles,
  trailProgress,
  userCertificates,
  userRewards,
  userRoles,
  users,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';

export interface Learner {
  id: number;
  customerId: number | null;
  trailId: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  language: string;
}

/** A live user by id (deleted ones count as missing). */
export async function loadLearner(db: Db, userId: number): Promise<Learner | null> {
  const [u] = await db
    .select({
      id: users.id,
      customerId: users.customerId,
      trailId: users.trailId,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return u ?? null;
}

/** The learner as an actor, to read trails through the trails module's own access rule. */
export async function actorFor(db: Db, l: Learner): Promise<Actor> {
  const rs = await db
    .select({ name: roles.name, level: roles.level })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, l.id));
  return { userId: l.id, customerId: l.customerId, trailId: l.trailId, sessionId: '', roles: rs };
}

export const displayName = (l: Learner) =>
  [l.firstname, l.lastname].filter(Boolean).join(' ').trim() || l.email || `#${l.id}`;

/** Minerals (with options) and feedback of the pebbles, and the learner's answers (with uploaded media paths). */
export async function loadQuestions(db: Db, userId: number, trailId: number, pebbleIds: number[]) {
  if (pebbleIds.length === 0) return { minerals: [], options: [], answers: [], feedback: new Map<number, string>() };
  const [ms, fs] = await Promise.all([
    db
      .select()
      .from(minerals)
      .where(inArray(minerals.pebbleId, pebbleIds))
      .orderBy(asc(minerals.pebbleId), asc(minerals.position)),
    db
      .select({ id: pebbles.id, feedback: pebbles.feedback })
      .from(pebbles)
      .where(and(inArray(pebbles.id, pebbleIds), sql`coalesce(${pebbles.feedback}, '') <> ''`)),
  ]);
  const feedback = new Map(fs.map((f) => [f.id, f.feedback as string]));
  const [os, as] = await Promise.all([
    ms.length
      ? db
          .select()
          .from(mineralOptions)
          .where(
            inArray(
              mineralOptions.mineralId,
              ms.map((m) => m.id),
            ),
          )
          .orderBy(asc(mineralOptions.mineralId), asc(mineralOptions.position))
      : Promise.resolve([]),
    db
      .select({
        mineralId: mineralAnswers.mineralId,
        options: mineralAnswers.options,
        value: mineralAnswers.value,
        mediaId: media.id,
        mediaKey: media.storageKey,
        mediaKind: media.kind,
      })
      .from(mineralAnswers)
      .leftJoin(media, eq(media.id, mineralAnswers.mediaId))
      .where(and(eq(mineralAnswers.userId, userId), eq(mineralAnswers.trailId, trailId))),
  ]);
  return { minerals: ms, options: os, answers: as, feedback };
}

/** The learner's attempt row, rewards and certificates on a trail, and the PDF of the current attempt. */
export async function loadTrailExtras(db: Db, userId: number, trailId: number) {
  const [[tp], rewards, certificates, [pdf]] = await Promise.all([
    db
      .select()
      .from(trailProgress)
      .where(and(eq(trailProgress.userId, userId), eq(trailProgress.trailId, trailId))),
    db
      .select({ key: userRewards.rewardKey })
      .from(userRewards)
      .where(and(eq(userRewards.userId, userId), eq(userRewards.trailId, trailId))),
    db
      .select()
      .from(userCertificates)
      .where(and(eq(userCertificates.userId, userId), eq(userCertificates.trailId, trailId))),
    db
      .select()
      .from(resultPdfs)
      .where(
        and(
          eq(resultPdfs.userId, userId),
          eq(resultPdfs.trailId, trailId),
          eq(
            resultPdfs.attempt,
            sql`coalesce((select ${trailProgress.triesUsed} from ${trailProgress} where ${trailProgress.userId} = ${userId} and ${trailProgress.trailId} = ${trailId}), 0)`,
          ),
        ),
      ),
  ]);
  return { progressRow: tp ?? null, rewards, certificates, pdf: pdf ?? null };
}
