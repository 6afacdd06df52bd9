-- issue 32: coach insight (docs/insight.md). Running sums of each trail's latest complete attempts, kept by triggers
-- so that the answer path's code is untouched: a learner's attempt is captured (insight_attempts: the marks per
-- pebble, the choices, the total) when it completes and when an answer of a completed attempt changes; the sums move
-- with that row (insert adds it, update swaps it, delete takes it out). A reset keeps the captured attempt: it stays
-- the learner's latest complete attempt until the next one completes.
CREATE TABLE "insight_attempts" (
	"trail_id" integer NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"total" double precision NOT NULL,
	"seconds" double precision,
	"completed_at" timestamp with time zone NOT NULL,
	"pebble_ids" integer[] NOT NULL,
	"fractions" double precision[] NOT NULL,
	"choice_pebbles" integer[] NOT NULL,
	"choice_minerals" integer[] NOT NULL,
	"choice_keys" text[] NOT NULL,
	CONSTRAINT "insight_attempts_pk" PRIMARY KEY ("trail_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "insight_attempts_user_idx" ON "insight_attempts" ("user_id");
--> statement-breakpoint
CREATE TABLE "insight_trails" (
	"trail_id" integer PRIMARY KEY NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
	"n" integer DEFAULT 0 NOT NULL,
	"sum_y" double precision DEFAULT 0 NOT NULL,
	"sum_y2" double precision DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_items" (
	"pebble_id" integer PRIMARY KEY NOT NULL REFERENCES "pebbles"("id") ON DELETE CASCADE,
	"trail_id" integer NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
	"n" integer DEFAULT 0 NOT NULL,
	"sum_f" double precision DEFAULT 0 NOT NULL,
	"sum_f2" double precision DEFAULT 0 NOT NULL,
	"sum_fy" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_items_trail_idx" ON "insight_items" ("trail_id");
--> statement-breakpoint
CREATE TABLE "insight_choices" (
	"mineral_id" integer NOT NULL REFERENCES "minerals"("id") ON DELETE CASCADE,
	"choice" text NOT NULL,
	"trail_id" integer NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
	"pebble_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sum_y" double precision DEFAULT 0 NOT NULL,
	"sum_y2" double precision DEFAULT 0 NOT NULL,
	"sum_f" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_choices_pk" PRIMARY KEY ("mineral_id", "choice")
);
--> statement-breakpoint
CREATE INDEX "insight_choices_trail_idx" ON "insight_choices" ("trail_id");
--> statement-breakpoint
-- the figures the job computes after answers settle (efficiency, median, moments, thirds)
CREATE TABLE "insight_settled" (
	"trail_id" integer PRIMARY KEY NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
	"computed_at" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
-- The weight (maximum mark) of each pebble: its xp, or 1 for every pebble of a trail without xp.
CREATE FUNCTION cairn_insight_weights(p_trail integer) RETURNS TABLE (pebble_id integer, pos integer, w double precision)
LANGUAGE sql STABLE AS $$
  SELECT p.id, p.position, CASE WHEN sum(p.xp) OVER () > 0 THEN p.xp ELSE 1 END::double precision
    FROM pebbles p WHERE p.trail_id = p_trail
$$;
--> statement-breakpoint
-- Captures the learner's attempt on the trail when it is complete (else leaves the captured one as it is).
CREATE FUNCTION cairn_insight_capture(p_user integer, p_trail integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_done timestamptz;
  v_ids integer[];
  v_fr double precision[];
  v_total double precision;
  v_cp integer[];
  v_cm integer[];
  v_ck text[];
  v_secs double precision;
BEGIN
  SELECT completed_at INTO v_done FROM trail_progress WHERE user_id = p_user AND trail_id = p_trail;
  IF v_done IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user AND deleted_at IS NULL) THEN RETURN; END IF;
  SELECT array_agg(w.pebble_id ORDER BY w.pos), array_agg(CASE WHEN s.passed THEN 1 ELSE 0 END::double precision ORDER BY w.pos),
         coalesce(sum(CASE WHEN s.passed THEN w.w ELSE 0 END), 0),
         extract(epoch FROM v_done - min(s.opened_at))
    INTO v_ids, v_fr, v_total, v_secs
    FROM cairn_insight_weights(p_trail) w
    LEFT JOIN pebble_states s ON s.user_id = p_user AND s.pebble_id = w.pebble_id;
  IF v_ids IS NULL THEN RETURN; END IF;
  -- each option chosen (order minerals excepted: every option is in every answer), each rating or opinion value
  SELECT coalesce(array_agg(a.pebble_id ORDER BY a.mineral_id, c.k), '{}'),
         coalesce(array_agg(a.mineral_id ORDER BY a.mineral_id, c.k), '{}'),
         coalesce(array_agg(c.k ORDER BY a.mineral_id, c.k), '{}')
    INTO v_cp, v_cm, v_ck
    FROM mineral_answers a JOIN minerals mi ON mi.id = a.mineral_id
    CROSS JOIN LATERAL (
      SELECT o.k FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.options) = 'array' AND mi.type <> 'order'
                                                     THEN a.options ELSE '[]'::jsonb END) AS o(k)
      UNION ALL
      SELECT left(btrim(a.value), 32) WHERE mi.type IN ('5_point_rating', 'opinion') AND a.value IS NOT NULL
    ) c
   WHERE a.user_id = p_user AND a.trail_id = p_trail;
  INSERT INTO insight_attempts AS ia (trail_id, user_id, total, seconds, completed_at, pebble_ids, fractions,
                                      choice_pebbles, choice_minerals, choice_keys)
    VALUES (p_trail, p_user, v_total, v_secs, v_done, v_ids, v_fr, v_cp, v_cm, v_ck)
    ON CONFLICT (trail_id, user_id) DO UPDATE SET total = excluded.total, seconds = excluded.seconds,
      completed_at = excluded.completed_at, pebble_ids = excluded.pebble_ids, fractions = excluded.fractions,
      choice_pebbles = excluded.choice_pebbles, choice_minerals = excluded.choice_minerals,
      choice_keys = excluded.choice_keys
    WHERE (ia.total, ia.seconds, ia.completed_at, ia.fractions, ia.choice_minerals, ia.choice_keys)
          IS DISTINCT FROM (excluded.total, excluded.seconds, excluded.completed_at, excluded.fractions,
                            excluded.choice_minerals, excluded.choice_keys);
END $$;
--> statement-breakpoint
-- Adds (p_sign = 1) or takes out (p_sign = -1) one captured attempt from the sums. The trail's row is updated first:
-- its lock orders concurrent changes of one trail's sums (no deadlock between two completing learners).
CREATE FUNCTION cairn_insight_apply(r insight_attempts, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_trails AS t (trail_id, n, sum_y, sum_y2, changed_at)
    VALUES (r.trail_id, p_sign, p_sign * r.total, p_sign * r.total * r.total, now())
    ON CONFLICT (trail_id) DO UPDATE SET n = t.n + excluded.n, sum_y = t.sum_y + excluded.sum_y,
      sum_y2 = t.sum_y2 + excluded.sum_y2, changed_at = now();
  INSERT INTO insight_items AS i (pebble_id, trail_id, n, sum_f, sum_f2, sum_fy)
    SELECT u.pid, r.trail_id, p_sign, p_sign * u.f, p_sign * u.f * u.f, p_sign * u.f * r.total
      FROM unnest(r.pebble_ids, r.fractions) AS u(pid, f)
      WHERE EXISTS (SELECT 1 FROM pebbles p WHERE p.id = u.pid)
     ORDER BY u.pid
    ON CONFLICT (pebble_id) DO UPDATE SET n = i.n + excluded.n, sum_f = i.sum_f + excluded.sum_f,
      sum_f2 = i.sum_f2 + excluded.sum_f2, sum_fy = i.sum_fy + excluded.sum_fy;
  INSERT INTO insight_choices AS c (mineral_id, choice, trail_id, pebble_id, n, sum_y, sum_y2, sum_f)
    SELECT u.mid, u.k, r.trail_id, u.pid, p_sign, p_sign * r.total, p_sign * r.total * r.total,
           p_sign * coalesce(r.fractions[array_position(r.pebble_ids, u.pid)], 0)
      FROM unnest(r.choice_minerals, r.choice_keys, r.choice_pebbles) AS u(mid, k, pid)
      WHERE EXISTS (SELECT 1 FROM minerals m WHERE m.id = u.mid)
     ORDER BY u.mid, u.k
    ON CONFLICT (mineral_id, choice) DO UPDATE SET n = c.n + excluded.n, sum_y = c.sum_y + excluded.sum_y,
      sum_y2 = c.sum_y2 + excluded.sum_y2, sum_f = c.sum_f + excluded.sum_f;
END $$;
--> statement-breakpoint
CREATE FUNCTION cairn_insight_attempts_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a rebuild sums every capture at once afterwards (one row updated thousands of times in one transaction would
  -- leave a version chain as long, and each update walks it)
  IF current_setting('cairn.insight_rebuild', true) = 'on' THEN RETURN NULL; END IF;
  -- a trail being deleted takes its sums with it (cascade): nothing to take out
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM trails WHERE id = OLD.trail_id) THEN
    PERFORM cairn_insight_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM cairn_insight_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_attempts_sums AFTER INSERT OR UPDATE OR DELETE ON insight_attempts FOR EACH ROW
  EXECUTE FUNCTION cairn_insight_attempts_sums();
--> statement-breakpoint
CREATE FUNCTION cairn_insight_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cairn_insight_capture(NEW.user_id, NEW.trail_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- an attempt completes (the answer statement's CTEs have all run when an AFTER trigger fires: it sees the answers)
CREATE TRIGGER trail_progress_insight_insert AFTER INSERT ON trail_progress FOR EACH ROW
  WHEN (NEW.completed_at IS NOT NULL) EXECUTE FUNCTION cairn_insight_progress();
--> statement-breakpoint
CREATE TRIGGER trail_progress_insight_update AFTER UPDATE OF completed_at ON trail_progress FOR EACH ROW
  WHEN (NEW.completed_at IS NOT NULL AND OLD.completed_at IS DISTINCT FROM NEW.completed_at)
  EXECUTE FUNCTION cairn_insight_progress();
--> statement-breakpoint
-- an answer changed again (a first answer has no answered_at before): captured again when the attempt is complete
CREATE TRIGGER pebble_states_insight AFTER UPDATE ON pebble_states FOR EACH ROW
  WHEN (OLD.answered_at IS NOT NULL AND NEW.answered_at IS NOT NULL) EXECUTE FUNCTION cairn_insight_progress();
--> statement-breakpoint
-- a deleted account's attempts leave the figures
CREATE FUNCTION cairn_insight_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_attempts WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_insight AFTER UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION cairn_insight_user_deleted();
--> statement-breakpoint
-- The drop-off funnel: learners whose current attempt opened (reached) and answered each pebble. Counted in 16
-- shards per pebble (by user id) so that learners answering the same pebble at once rarely wait on one row.
CREATE TABLE "insight_funnel" (
	"pebble_id" integer NOT NULL REFERENCES "pebbles"("id") ON DELETE CASCADE,
	"shard" smallint NOT NULL,
	"trail_id" integer NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_funnel_pk" PRIMARY KEY ("pebble_id", "shard")
);
--> statement-breakpoint
CREATE INDEX "insight_funnel_trail_idx" ON "insight_funnel" ("trail_id");
--> statement-breakpoint
CREATE FUNCTION cairn_insight_funnel_add(p_user integer, p_pebble integer, p_trail integer, p_reached integer,
                                         p_answered integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_funnel AS f (pebble_id, shard, trail_id, reached, answered)
    SELECT p_pebble, (p_user % 16)::smallint, p_trail, p_reached, p_answered WHERE EXISTS (SELECT 1 FROM pebbles WHERE id = p_pebble)
    ON CONFLICT (pebble_id, shard) DO UPDATE SET reached = f.reached + excluded.reached,
      answered = f.answered + excluded.answered
$$;
--> statement-breakpoint
CREATE FUNCTION cairn_insight_funnel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cairn_insight_funnel_add(NEW.user_id, NEW.pebble_id, NEW.trail_id, 1, (NEW.answered_at IS NOT NULL)::integer);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cairn_insight_funnel_add(OLD.user_id, OLD.pebble_id, OLD.trail_id, -1, -(OLD.answered_at IS NOT NULL)::integer);
  ELSE
    PERFORM cairn_insight_funnel_add(NEW.user_id, NEW.pebble_id, NEW.trail_id, 0,
      (NEW.answered_at IS NOT NULL)::integer - (OLD.answered_at IS NOT NULL)::integer);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pebble_states_funnel_insert AFTER INSERT ON pebble_states FOR EACH ROW EXECUTE FUNCTION cairn_insight_funnel();
--> statement-breakpoint
CREATE TRIGGER pebble_states_funnel_update AFTER UPDATE ON pebble_states FOR EACH ROW
  WHEN ((OLD.answered_at IS NULL) <> (NEW.answered_at IS NULL)) EXECUTE FUNCTION cairn_insight_funnel();
--> statement-breakpoint
CREATE TRIGGER pebble_states_funnel_delete AFTER DELETE ON pebble_states FOR EACH ROW EXECUTE FUNCTION cairn_insight_funnel();
--> statement-breakpoint
-- Rebuilds every capture and sum from the complete attempts (this migration, and the scale seed after a bulk load).
CREATE FUNCTION cairn_insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- the sums trigger stands aside until the end (set_config local to the transaction)
  PERFORM set_config('cairn.insight_rebuild', 'on', true);
  DELETE FROM insight_attempts;
  DELETE FROM insight_choices;
  DELETE FROM insight_items;
  DELETE FROM insight_trails;
  DELETE FROM insight_settled;
  DELETE FROM insight_funnel;
  INSERT INTO insight_funnel (pebble_id, shard, trail_id, reached, answered)
    SELECT s.pebble_id, (s.user_id % 16)::smallint, min(s.trail_id), count(*), count(s.answered_at)
      FROM pebble_states s GROUP BY s.pebble_id, (s.user_id % 16)::smallint;
  PERFORM cairn_insight_capture(tp.user_id, tp.trail_id) FROM trail_progress tp WHERE tp.completed_at IS NOT NULL;
  PERFORM set_config('cairn.insight_rebuild', 'off', true);
  INSERT INTO insight_trails (trail_id, n, sum_y, sum_y2)
    SELECT a.trail_id, count(*), sum(a.total), sum(a.total * a.total) FROM insight_attempts a GROUP BY a.trail_id;
  INSERT INTO insight_items (pebble_id, trail_id, n, sum_f, sum_f2, sum_fy)
    SELECT u.pid, min(a.trail_id), count(*), sum(u.f), sum(u.f * u.f), sum(u.f * a.total)
      FROM insight_attempts a CROSS JOIN LATERAL unnest(a.pebble_ids, a.fractions) AS u(pid, f)
     WHERE EXISTS (SELECT 1 FROM pebbles p WHERE p.id = u.pid)
     GROUP BY u.pid;
  INSERT INTO insight_choices (mineral_id, choice, trail_id, pebble_id, n, sum_y, sum_y2, sum_f)
    SELECT u.mid, u.k, min(a.trail_id), min(u.pid), count(*), sum(a.total), sum(a.total * a.total),
           sum(coalesce(a.fractions[array_position(a.pebble_ids, u.pid)], 0))
      FROM insight_attempts a
      CROSS JOIN LATERAL unnest(a.choice_minerals, a.choice_keys, a.choice_pebbles) AS u(mid, k, pid)
     WHERE EXISTS (SELECT 1 FROM minerals m WHERE m.id = u.mid)
     GROUP BY u.mid, u.k;
END $$;
--> statement-breakpoint
SELECT cairn_insight_rebuild();
