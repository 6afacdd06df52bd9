-- The drop-off funnel without a shared row in the learner's transaction (docs/insight.md, docs/performance.md Round
-- 14). Opening and answering a pebble used to add to one of the pebble's 16 shard rows of insight_funnel: when a
-- whole company starts a trail at once, every learner's answer (and a batch of 32 of them, group commit) waited on
-- those rows' locks. Each move is now a row of its own, inserted and never updated; the insight read adds the moves
-- to the funnel, and each insight:settle run folds them into it.
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
      answered = f.answered + excluded.answered)
  SELECT (SELECT count(*) FROM moved)::integer
$$;
--> statement-breakpoint
-- A rebuild counts the funnel again from the pebble states, so the moves go first: 0020's rebuild, renamed, runs after
-- they are deleted, in the same transaction.
ALTER FUNCTION cairn_insight_rebuild() RENAME TO cairn_insight_rebuild_counts;
--> statement-breakpoint
CREATE FUNCTION cairn_insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_funnel_moves;
  PERFORM cairn_insight_rebuild_counts();
END $$;
