-- The drop-off funnel without a shared row in the learner's transaction (docs/insight.md, docs/performance.md Round
-- 14). Opening and answering a pebble used to add to one of the pebble's 16 shard rows of insight_funnel: when a
-- whole company starts a trail at once, every learner's answer (and a batch of 32 of them, group commit) waited on
-- those rows' locks. Each move is now a row of its own, inserted and never updated; the insight read adds the moves
-- to the funnel, and the scheduled insight tick folds them into it.
CREATE TABLE "insight_funnel_moves" (
	"pebble_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"reached" smallint NOT NULL,
	"answered" smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_funnel_moves_trail_idx" ON "insight_funnel_moves" ("trail_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cairn_insight_funnel_add(p_user integer, p_pebble integer, p_trail integer, p_reached integer,
                                                    p_answered integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_funnel_moves (pebble_id, trail_id, reached, answered)
    SELECT p_pebble, p_trail, p_reached, p_answered WHERE EXISTS (SELECT 1 FROM pebbles WHERE id = p_pebble)
$$;
--> statement-breakpoint
-- Folds the moves into the funnel (shard 0 of each pebble); moves of pebbles deleted since are dropped. Two folds at
-- once each take the moves the other has not deleted, so none is counted twice; a read sees the moves or the
-- folded counts, never both.
CREATE FUNCTION cairn_insight_funnel_fold() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM insight_funnel_moves RETURNING pebble_id, trail_id, reached, answered),
  folded AS (
    INSERT INTO insight_funnel AS f (pebble_id, shard, trail_id, reached, answered)
      SELECT m.pebble_id, 0, min(m.trail_id), sum(m.reached), sum(m.answered) FROM moved m
       WHERE EXISTS (SELECT 1 FROM pebbles p WHERE p.id = m.pebble_id)
       GROUP BY m.pebble_id
    ON CONFLICT (pebble_id, shard) DO UPDATE SET reached = f.reached + excluded.reached,
      answered = f.answered + excluded.answered
    RETURNING 1)
  SELECT (SELECT count(*) FROM moved)::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cairn_insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- the sums trigger stands aside until the end (set_config local to the transaction)
  PERFORM set_config('cairn.insight_rebuild', 'on', true);
  DELETE FROM insight_attempts;
  DELETE FROM insight_choices;
  DELETE FROM insight_items;
  DELETE FROM insight_trails;
  DELETE FROM insight_settled;
  DELETE FROM insight_funnel;
  DELETE FROM insight_funnel_moves;
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
