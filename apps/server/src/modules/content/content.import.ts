import { INPUT_TYPES, MINERAL_RULEBOOK, takesSelectLimit } from '@cairn/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { parseDocument } from 'yaml';
import type { Tx } from '../../db/client';
import {
  battleSettings,
  type MediaRef,
  type MineralSettings,
  mineralOptions,
  minerals,
  pebbles,
  trailAssignments,
  trails,
  users,
} from '../../db/schema';
import { plusDays, utcDay } from '../../lib/days';
import type { Storage } from '../../storage';
import { emitToManyOnCommit } from '../notifications/notifications.service';
import { type ContentProblem, schemaProblems, semanticProblems } from './content.check';
import { ContentMedia } from './content.media';
import { type AssignmentDay, assignmentDay, optionOf, type TrailPackage, trailPackageSchema } from './content.schema';

/** A package that cannot be imported, with every problem found. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `the package has ${problems.length} problem(s):\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`,
    );
  }
}

export interface ImportOptions {
  /** the package's folder: media paths are relative to it */
  baseDir: string;
  /** DATA_DIR/files */
  filesDir: string;
  /** where media go (the app's store); absent: local disk under filesDir */
  storage?: Storage;
  customerId: number;
  /** who may play it: every account of the customer, or these emails */
  assign?: 'all' | string[];
  /** assignment dates for this import, over the package's starts_on / due_on */
  startsOn?: AssignmentDay;
  dueOn?: AssignmentDay;
  /** the day relative dates count from (UTC, YYYY-MM-DD); today by default */
  today?: string;
  /** fill this existing (empty) trail row instead of creating one, so links to it keep working */
  intoTrailId?: number;
}

/** Parses YAML or JSON text (JSON is YAML) and checks it against the schema; throws ContentError listing every problem. */
export function parsePackage(text: string): TrailPackage {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ContentError(
      doc.errors.map((e) => ({ path: `(line ${e.linePos?.[0]?.line ?? '?'})`, message: e.message })),
    );
  }
  const parsed = trailPackageSchema.safeParse(doc.toJS());
  if (!parsed.success) throw new ContentError(schemaProblems(parsed.error));
  return parsed.data;
}

/** Every media reference of a package with the path it sits at. */
function mediaRefs(pkg: TrailPackage): { path: string; ref: string }[] {
  const out: { path: string; ref: string }[] = [];
  if (pkg.icon) out.push({ path: 'icon', ref: pkg.icon });
  for (const [i, r] of pkg.rewards.entries()) if (r.media) out.push({ path: `rewards[${i}].media`, ref: r.media });
  pkg.pebbles.forEach((p, pi) => {
    if (p.background) out.push({ path: `pebbles[${pi}].background`, ref: p.background });
    p.minerals.forEach((m, mi) => {
      const at = `pebbles[${pi}].minerals[${mi}]`;
      for (const [i, ref] of (m.media ?? []).entries()) out.push({ path: `${at}.media[${i}]`, ref });
      for (const [vi, v] of (m.values ?? []).map(optionOf).entries())
        if (v.media) out.push({ path: `${at}.values[${vi}].media`, ref: v.media });
    });
  });
  return out;
}

/** Validates a package against the database and the files (coach, assignees, media) without writing anything. */
async function environmentProblems(db: Tx, pkg: TrailPackage, media: ContentMedia, opts: ImportOptions) {
  const problems: ContentProblem[] = semanticProblems(pkg);
  for (const { path, ref } of mediaRefs(pkg)) {
    const p = await media.problem(ref);
    if (p) problems.push({ path, message: p });
  }
  const emails = [...(pkg.coach ? [pkg.coach] : []), ...(Array.isArray(opts.assign) ? opts.assign : [])];
  const found = emails.length
    ? await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.customerId, opts.customerId),
            isNull(users.deletedAt),
            inArray(
              sql`lower(${users.email})`,
              emails.map((e) => e.toLowerCase()),
            ),
          ),
        )
    : [];
  const idOf = (email: string) => found.find((u) => u.email?.toLowerCase() === email.toLowerCase())?.id;
  if (pkg.coach && !idOf(pkg.coach)) problems.push({ path: 'coach', message: `no user ${pkg.coach} in this customer` });
  if (Array.isArray(opts.assign)) {
    for (const e of opts.assign)
      if (!idOf(e)) problems.push({ path: '--assign', message: `no user ${e} in this customer` });
  }
  for (const [path, v] of [
    ['--starts-on', opts.startsOn],
    ['--due-on', opts.dueOn],
  ] as const)
    if (v !== undefined && !assignmentDay.safeParse(v).success)
      problems.push({ path, message: 'a date (YYYY-MM-DD) or days from the import day (+1, 0, -2)' });
  const startsOn = resolveDay(opts.startsOn ?? pkg.starts_on, opts.today);
  const dueOn = resolveDay(opts.dueOn ?? pkg.due_on, opts.today);
  if (startsOn && dueOn && dueOn < startsOn)
    problems.push({ path: 'due_on', message: `the due day ${dueOn} is before the start day ${startsOn}` });
  if (opts.intoTrailId !== undefined) {
    const [t] = await db.select({ customerId: trails.customerId }).from(trails).where(eq(trails.id, opts.intoTrailId));
    if (!t || t.customerId !== opts.customerId)
      problems.push({ path: '--into', message: 'no such trail in this customer' });
    // content is write-once (docs/content-format.md): only an empty trail is filled
    else if (
      (await db.select({ id: pebbles.id }).from(pebbles).where(eq(pebbles.trailId, opts.intoTrailId)).limit(1)).length
    )
      problems.push({ path: '--into', message: 'the trail has content already; import it as a new trail' });
  }
  return { problems, idOf };
}

const durationOf = (d: TrailPackage['duration']) =>
  d ? (d.days ?? 0) * 86400 + (d.hours ?? 0) * 3600 + (d.minutes ?? 0) * 60 + (d.seconds ?? 0) : 0;

/** Checks a package as importPackage does (schema, rules, media, people), writing nothing; throws ContentError. */
export async function checkPackage(db: Tx, text: string, opts: ImportOptions): Promise<TrailPackage> {
  const pkg = parsePackage(text);
  const { problems } = await environmentProblems(
    db,
    pkg,
    new ContentMedia(opts.baseDir, opts.storage ?? opts.filesDir),
    opts,
  );
  if (problems.length > 0) throw new ContentError(problems);
  return pkg;
}

/** Imports a package in one transaction (media are stored first, content-addressed); returns the trail id. */
export async function importPackage(db: Tx, text: string, opts: ImportOptions): Promise<number> {
  const pkg = parsePackage(text);
  const media = new ContentMedia(opts.baseDir, opts.storage ?? opts.filesDir);
  const { problems, idOf } = await environmentProblems(db, pkg, media, opts);
  if (problems.length > 0) throw new ContentError(problems);

  const stored = new Map<string, MediaRef>();
  for (const { ref } of mediaRefs(pkg)) stored.set(ref, await media.store(ref));
  const ref = (r: string | undefined) => (r ? (stored.get(r) ?? null) : null);

  return db.transaction(async (tx) => {
    const row = {
      customerId: opts.customerId,
      key: pkg.key ?? null,
      name: pkg.name,
      type: pkg.type,
      description: pkg.description ?? null,
      iconUrl: ref(pkg.icon)?.url ?? null,
      gradient: pkg.gradient,
      difficulty: pkg.difficulty,
      durationSeconds: durationOf(pkg.duration),
      triesTotal: pkg.tries,
      passPercent: pkg.pass_percent ?? (pkg.type === 'exam' || pkg.type === 'battle' ? 100 : 0),
      coachId: pkg.coach ? (idOf(pkg.coach) ?? null) : null,
      redirectUrl: pkg.redirect_url ?? null,
      style: pkg.style ?? null,
      dimensions: pkg.dimensions,
      rewards: pkg.rewards.map((r) => ({ ...r, media: ref(r.media)?.url ?? null })),
      certificate: pkg.certificate ?? null,
      feedbackMode: pkg.feedback ?? null,
      anonymous: pkg.anonymous ?? false,
    };
    let trailId: number;
    if (opts.intoTrailId !== undefined) {
      await tx.update(trails).set(row).where(eq(trails.id, opts.intoTrailId));
      trailId = opts.intoTrailId;
    } else {
      [{ id: trailId }] = await tx.insert(trails).values(row).returning({ id: trails.id });
    }
    if (pkg.battle) {
      const settings = {
        secondsPerQuestion: pkg.battle.seconds_per_question ?? null,
        speedBonus: pkg.battle.speed_bonus,
      };
      await tx
        .insert(battleSettings)
        .values({ trailId, ...settings })
        .onConflictDoUpdate({ target: battleSettings.trailId, set: settings });
    }

    const pebbleRows = await tx
      .insert(pebbles)
      .values(
        pkg.pebbles.map((p, i) => ({
          trailId,
          position: i,
          name: p.name,
          faIcon: p.icon,
          faIconBackground: p.icon_background ?? null,
          faIconBorder: p.icon_border ?? null,
          stage: p.stage ?? null,
          xp: p.xp,
          canChangeAnswer: p.can_change_answer,
          isRequired: p.required ?? p.minerals.some((m) => m.required),
          redirectUrl: p.redirect_url ?? null,
          feedback: p.feedback ?? null,
          style: p.style ?? null,
          background: ref(p.background),
          isRbo: p.is_rbo,
          rboMandatory: p.rbo_mandatory,
          rboScale: p.rbo_scale,
        })),
      )
      .returning({ id: pebbles.id, position: pebbles.position });
    const pebbleIds = pebbleRows.sort((a, b) => a.position - b.position).map((r) => r.id);

    const flat = pkg.pebbles.flatMap((p, pi) => p.minerals.map((m, mi) => ({ m, pi, mi })));
    const mineralRows = await tx
      .insert(minerals)
      .values(
        flat.map(({ m, pi, mi }) => ({
          pebbleId: pebbleIds[pi],
          position: mi,
          type: m.type,
          title: m.title,
          required: m.required,
          shared: m.shared ?? false,
          dimension: m.dimension ?? null,
          settings: settingsOf(m, ref),
          correct:
            m.correct !== undefined && INPUT_TYPES.includes(m.type)
              ? { values: (Array.isArray(m.correct) ? m.correct : [m.correct]).map(String) }
              : null,
        })),
      )
      .returning({ id: minerals.id, pebbleId: minerals.pebbleId, position: minerals.position });
    const mineralId = (pi: number, mi: number) =>
      mineralRows.find((r) => r.pebbleId === pebbleIds[pi] && r.position === mi)!.id;

    const options = flat.flatMap(({ m, pi, mi }) => {
      const values = m.values ?? MINERAL_RULEBOOK[m.type].fixedOptions ?? [];
      return values.map(optionOf).map((v, position) => ({
        mineralId: mineralId(pi, mi),
        position,
        value: v.value,
        media: v.media ? [ref(v.media)!] : null,
        correct: v.correct ?? false,
        scores: v.scores ?? null,
      }));
    });
    if (options.length > 0) await tx.insert(mineralOptions).values(options);

    const assignees =
      opts.assign === 'all'
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.customerId, opts.customerId), isNull(users.deletedAt), isNotNull(users.email)))
        : (opts.assign ?? []).map((e) => ({ id: idOf(e)! }));
    if (assignees.length > 0) {
      const startsOn = resolveDay(opts.startsOn ?? pkg.starts_on, opts.today);
      const dueOn = resolveDay(opts.dueOn ?? pkg.due_on, opts.today);
      await tx
        .insert(trailAssignments)
        .values(assignees.map((u) => ({ trailId, userId: u.id, startsOn, dueOn })))
        .onConflictDoUpdate({
          target: [trailAssignments.trailId, trailAssignments.userId],
          set: { startsOn, dueOn },
        });
      // the assignees' home counter has a new trail: their open tabs refetch the profile
      await emitToManyOnCommit(
        tx,
        assignees.map((u) => u.id),
        'COUNTERS',
        {},
      );
    }
    return trailId;
  });
}

function settingsOf(m: TrailPackage['pebbles'][number]['minerals'][number], ref: (r?: string) => MediaRef | null) {
  const s: MineralSettings = {};
  if (m.description !== undefined) s.description = m.description;
  if (m.media) s.mediaContent = m.media.map((r) => ref(r)!);
  for (const k of ['min', 'max', 'label_left', 'label_center', 'label_right'] as const)
    if (m[k] !== undefined) s[k] = m[k];
  for (const k of ['label_1', 'label_2', 'label_3', 'label_4', 'label_5'] as const) if (m[k] !== undefined) s[k] = m[k];
  if (m.style !== undefined) s.type = m.style;
  if (takesSelectLimit(m.type)) s.maSelectLimit = m.select_limit ?? 0;
  return s;
}

/** An assignment day as stored: a date stays, a day count becomes that many days after `today` (UTC). */
export function resolveDay(day: AssignmentDay | undefined, today = utcDay()): string | null {
  if (day === undefined) return null;
  if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const n = Number(day);
  return Number.isFinite(n) ? plusDays(today, n) : null;
}
