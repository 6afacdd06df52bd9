import { asc, eq, inArray } from 'drizzle-orm';
import { stringify } from 'yaml';
import type { Tx } from '../../db/client';
import { battleSettings, mineralOptions, minerals, pebbles, trails, users } from '../../db/schema';
import { PACKAGE_FORMAT, type TrailPackage } from './content.schema';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function durationOf(seconds: number): TrailPackage['duration'] {
  if (!seconds) return undefined;
  const d: Mutable<NonNullable<TrailPackage['duration']>> = {};
  if (seconds >= 86400) d.days = Math.floor(seconds / 86400);
  if (seconds % 86400 >= 3600) d.hours = Math.floor((seconds % 86400) / 3600);
  if (seconds % 3600 >= 60) d.minutes = Math.floor((seconds % 3600) / 60);
  if (seconds % 60) d.seconds = seconds % 60;
  return d;
}

/** Drops undefined and null entries so the exported YAML shows only what is set. */
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** Reads a trail back as a package (media as /files/content/… references); null when there is no such trail. */
export async function exportTrail(db: Tx, trailId: number): Promise<TrailPackage | null> {
  const [t] = await db
    .select({ trail: trails, coachEmail: users.email })
    .from(trails)
    .leftJoin(users, eq(users.id, trails.coachId))
    .where(eq(trails.id, trailId));
  if (!t) return null;
  const ps = await db.select().from(pebbles).where(eq(pebbles.trailId, trailId)).orderBy(asc(pebbles.position));
  const ms = ps.length
    ? await db
        .select()
        .from(minerals)
        .where(
          inArray(
            minerals.pebbleId,
            ps.map((p) => p.id),
          ),
        )
        .orderBy(asc(minerals.position))
    : [];
  const os = ms.length
    ? await db
        .select()
        .from(mineralOptions)
        .where(
          inArray(
            mineralOptions.mineralId,
            ms.map((m) => m.id),
          ),
        )
        .orderBy(asc(mineralOptions.position))
    : [];
  const [battle] = await db.select().from(battleSettings).where(eq(battleSettings.trailId, trailId));
  const trail = t.trail;
  return clean({
    format: PACKAGE_FORMAT as typeof PACKAGE_FORMAT,
    key: trail.key ?? undefined,
    name: trail.name,
    type: trail.type as TrailPackage['type'],
    description: trail.description ?? undefined,
    icon: trail.iconUrl ?? undefined,
    gradient: trail.gradient,
    difficulty: trail.difficulty as TrailPackage['difficulty'],
    duration: durationOf(trail.durationSeconds),
    tries: trail.triesTotal,
    pass_percent: trail.passPercent,
    coach: t.coachEmail ?? undefined,
    redirect_url: trail.redirectUrl ?? undefined,
    feedback: (trail.feedbackMode as TrailPackage['feedback']) ?? undefined,
    anonymous: trail.anonymous || undefined,
    style: trail.style ?? undefined,
    dimensions: trail.dimensions,
    rewards: trail.rewards.map((r) => clean({ ...r, media: r.media ?? undefined })) as TrailPackage['rewards'],
    certificate: trail.certificate ?? undefined,
    battle: battle
      ? clean({ seconds_per_question: battle.secondsPerQuestion ?? undefined, speed_bonus: battle.speedBonus })
      : undefined,
    pebbles: ps.map((p) =>
      clean({
        name: p.name,
        icon: p.faIcon,
        icon_background: p.faIconBackground ?? undefined,
        icon_border: p.faIconBorder ?? undefined,
        stage: p.stage ?? undefined,
        xp: p.xp,
        can_change_answer: p.canChangeAnswer,
        required: p.isRequired,
        redirect_url: p.redirectUrl ?? undefined,
        feedback: p.feedback ?? undefined,
        style: p.style ?? undefined,
        background: p.background?.url,
        is_rbo: p.isRbo,
        rbo_mandatory: p.rboMandatory,
        rbo_scale: p.rboScale as 'stars' | 'emojis',
        minerals: ms
          .filter((m) => m.pebbleId === p.id)
          .map((m) => {
            const s = m.settings as Record<string, unknown>;
            const values = os.filter((o) => o.mineralId === m.id);
            return clean({
              type: m.type as TrailPackage['pebbles'][number]['minerals'][number]['type'],
              title: m.title,
              description: s.description as string | undefined,
              media: (s.mediaContent as { url: string }[] | undefined)?.map((x) => x.url),
              required: m.required,
              values: values.length
                ? values.map((o) =>
                    clean({
                      value: o.value,
                      correct: o.correct || undefined,
                      media: o.media?.[0]?.url,
                      scores: o.scores ?? undefined,
                    }),
                  )
                : undefined,
              select_limit: (s.maSelectLimit as number | undefined) || undefined,
              min: s.min as number | undefined,
              max: s.max as number | undefined,
              label_left: s.label_left as string | undefined,
              label_center: s.label_center as string | undefined,
              label_right: s.label_right as string | undefined,
              label_1: s.label_1 as string | undefined,
              label_2: s.label_2 as string | undefined,
              label_3: s.label_3 as string | undefined,
              label_4: s.label_4 as string | undefined,
              label_5: s.label_5 as string | undefined,
              style: s.type as TrailPackage['pebbles'][number]['minerals'][number]['style'],
              correct: m.correct && 'values' in m.correct ? m.correct.values : undefined,
              shared: m.shared || undefined,
              dimension: m.dimension ?? undefined,
            });
          }),
      }),
    ),
  });
}

/** The package as YAML text. */
export function packageToYaml(pkg: TrailPackage): string {
  return stringify(pkg, { lineWidth: 0 });
}
