CREATE TABLE "trail_scores" (
	"user_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"crowns" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trail_scores_user_id_trail_id_pk" PRIMARY KEY("user_id","trail_id")
);
--> statement-breakpoint
CREATE TABLE "user_scores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"crowns" integer DEFAULT 0 NOT NULL,
	"trails_completed" integer DEFAULT 0 NOT NULL,
	"trails_assigned" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trail_scores" ADD CONSTRAINT "trail_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_scores" ADD CONSTRAINT "trail_scores_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_scores" ADD CONSTRAINT "trail_scores_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trail_scores_trail_xp_idx" ON "trail_scores" USING btree ("trail_id","xp" desc,"user_id");--> statement-breakpoint
CREATE INDEX "trail_scores_trail_crowns_idx" ON "trail_scores" USING btree ("trail_id","crowns" desc,"user_id");--> statement-breakpoint
CREATE INDEX "trail_scores_trail_completed_idx" ON "trail_scores" USING btree ("trail_id","completed" desc,"user_id");--> statement-breakpoint
CREATE INDEX "user_scores_customer_xp_idx" ON "user_scores" USING btree ("customer_id","xp" desc,"user_id");--> statement-breakpoint
CREATE INDEX "user_scores_customer_crowns_idx" ON "user_scores" USING btree ("customer_id","crowns" desc,"user_id");--> statement-breakpoint
-- the coach list: a customer's learners by last name, first name, id (docs/me-and-coach.md)
CREATE INDEX "users_coach_list_idx" ON "users" ("customer_id", lower("lastname"), lower("firstname"), "id")
  WHERE "deleted_at" IS NULL AND "trail_id" IS NULL AND "public_link_id" IS NULL;--> statement-breakpoint
CREATE INDEX "user_scores_customer_completed_idx" ON "user_scores" USING btree ("customer_id","trails_completed" desc,"user_id");--> statement-breakpoint
-- Tallies for the leaderboards and the coach view (docs/me-and-coach.md), kept by triggers so that every path that
-- stores, changes or resets an answer keeps them true without knowing of them.
-- Learners only: users of a customer who are not public users.
CREATE FUNCTION cairn_score_customer(p_user integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT customer_id FROM users
   WHERE id = p_user AND customer_id IS NOT NULL AND trail_id IS NULL AND public_link_id IS NULL AND deleted_at IS NULL
$$;
--> statement-breakpoint
-- Recomputes one learner's tally on one trail (the rules of docs/scoring.md: xp of passed pebbles, a crown per stage
-- whose pebbles are all passed, completed when every pebble is answered).
CREATE FUNCTION cairn_refresh_trail_score(p_user integer, p_trail integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_customer integer := cairn_score_customer(p_user);
  v_xp integer;
  v_crowns integer;
  v_completed boolean;
BEGIN
  -- a learner, and a trail that still exists (a trail's deletion cascades to its states)
  IF v_customer IS NULL OR NOT EXISTS (SELECT 1 FROM trails WHERE id = p_trail) THEN RETURN; END IF;
  INSERT INTO trail_scores (user_id, trail_id, customer_id) VALUES (p_user, p_trail, v_customer)
    ON CONFLICT (user_id, trail_id) DO NOTHING;
  -- the row lock orders concurrent refreshes of one tally: the second reads the states after the first commits
  PERFORM 1 FROM trail_scores WHERE user_id = p_user AND trail_id = p_trail FOR UPDATE;
  SELECT coalesce(sum(p.xp) FILTER (WHERE s.passed AND s.answered_at IS NOT NULL), 0),
         count(*) > 0 AND bool_and(s.answered_at IS NOT NULL)
    INTO v_xp, v_completed
    FROM pebbles p LEFT JOIN pebble_states s ON s.pebble_id = p.id AND s.user_id = p_user
   WHERE p.trail_id = p_trail;
  SELECT count(*) INTO v_crowns FROM (
    SELECT 1 FROM pebbles p LEFT JOIN pebble_states s ON s.pebble_id = p.id AND s.user_id = p_user
     WHERE p.trail_id = p_trail AND p.stage IS NOT NULL
     GROUP BY p.stage HAVING bool_and(coalesce(s.passed AND s.answered_at IS NOT NULL, false))) done;
  UPDATE trail_scores SET xp = v_xp, crowns = v_crowns, completed = coalesce(v_completed, false), updated_at = now()
   WHERE user_id = p_user AND trail_id = p_trail;
END $$;
--> statement-breakpoint
-- A learner's totals move with their trail tallies (also when a trail or a tally is deleted).
CREATE FUNCTION cairn_trail_scores_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE user_scores SET xp = xp - OLD.xp, crowns = crowns - OLD.crowns,
           trails_completed = trails_completed - OLD.completed::integer
     WHERE user_id = OLD.user_id;
    RETURN NULL;
  END IF;
  INSERT INTO user_scores AS u (user_id, customer_id, xp, crowns, trails_completed, last_active_at)
    VALUES (NEW.user_id, NEW.customer_id, NEW.xp, NEW.crowns, NEW.completed::integer, NEW.updated_at)
    ON CONFLICT (user_id) DO UPDATE SET
      xp = u.xp + NEW.xp - CASE WHEN TG_OP = 'UPDATE' THEN OLD.xp ELSE 0 END,
      crowns = u.crowns + NEW.crowns - CASE WHEN TG_OP = 'UPDATE' THEN OLD.crowns ELSE 0 END,
      trails_completed = u.trails_completed + NEW.completed::integer
                         - CASE WHEN TG_OP = 'UPDATE' THEN OLD.completed::integer ELSE 0 END,
      last_active_at = greatest(u.last_active_at, NEW.updated_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trail_scores_totals AFTER INSERT OR UPDATE OR DELETE ON trail_scores FOR EACH ROW
  EXECUTE FUNCTION cairn_trail_scores_totals();
--> statement-breakpoint
CREATE FUNCTION cairn_pebble_states_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cairn_refresh_trail_score(OLD.user_id, OLD.trail_id);
  ELSE
    PERFORM cairn_refresh_trail_score(NEW.user_id, NEW.trail_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- opening a pebble inserts a state with nothing answered: no tally changes, no trigger
CREATE TRIGGER pebble_states_scores_insert AFTER INSERT ON pebble_states FOR EACH ROW
  WHEN (NEW.answered_at IS NOT NULL OR NEW.passed IS NOT NULL) EXECUTE FUNCTION cairn_pebble_states_scores();
--> statement-breakpoint
CREATE TRIGGER pebble_states_scores_update AFTER UPDATE ON pebble_states FOR EACH ROW
  WHEN (OLD.answered_at IS DISTINCT FROM NEW.answered_at OR OLD.passed IS DISTINCT FROM NEW.passed)
  EXECUTE FUNCTION cairn_pebble_states_scores();
--> statement-breakpoint
CREATE TRIGGER pebble_states_scores_delete AFTER DELETE ON pebble_states FOR EACH ROW
  WHEN (OLD.answered_at IS NOT NULL OR OLD.passed IS NOT NULL) EXECUTE FUNCTION cairn_pebble_states_scores();
--> statement-breakpoint
-- the number of trails assigned, for the coach list
CREATE FUNCTION cairn_trail_assignments_scores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  v_customer integer := cairn_score_customer(v_user);
  v_delta integer := CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  IF v_customer IS NULL THEN RETURN NULL; END IF;
  INSERT INTO user_scores AS u (user_id, customer_id, trails_assigned) VALUES (v_user, v_customer, greatest(v_delta, 0))
    ON CONFLICT (user_id) DO UPDATE SET trails_assigned = greatest(u.trails_assigned + v_delta, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trail_assignments_scores AFTER INSERT OR DELETE ON trail_assignments FOR EACH ROW
  EXECUTE FUNCTION cairn_trail_assignments_scores();
--> statement-breakpoint
-- a deleted account leaves the boards (its tallies go; its totals row with them)
CREATE FUNCTION cairn_users_deleted_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trail_scores WHERE user_id = NEW.id;
  DELETE FROM user_scores WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_scores AFTER UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION cairn_users_deleted_scores();
--> statement-breakpoint
-- Rebuilds every tally from the states and assignments (this migration, and the scale seed after a bulk load):
-- the assignment counts first, then the trail tallies, whose trigger adds them to the totals.
CREATE FUNCTION cairn_rebuild_scores() RETURNS void LANGUAGE sql AS $$
  DELETE FROM trail_scores;
  DELETE FROM user_scores;
  INSERT INTO user_scores (user_id, customer_id, trails_assigned)
  SELECT u.id, u.customer_id, count(*)::integer FROM trail_assignments a JOIN users u ON u.id = a.user_id
   WHERE u.customer_id IS NOT NULL AND u.trail_id IS NULL AND u.public_link_id IS NULL AND u.deleted_at IS NULL
   GROUP BY u.id, u.customer_id;
  INSERT INTO trail_scores (user_id, trail_id, customer_id, xp, crowns, completed, updated_at)
  SELECT t.user_id, t.trail_id, t.customer_id,
         coalesce((SELECT sum(p.xp) FROM pebbles p JOIN pebble_states s ON s.pebble_id = p.id
                    WHERE p.trail_id = t.trail_id AND s.user_id = t.user_id AND s.passed AND s.answered_at IS NOT NULL), 0),
         (SELECT count(*) FROM (SELECT 1 FROM pebbles p LEFT JOIN pebble_states s ON s.pebble_id = p.id AND s.user_id = t.user_id
                                 WHERE p.trail_id = t.trail_id AND p.stage IS NOT NULL GROUP BY p.stage
                                HAVING bool_and(coalesce(s.passed AND s.answered_at IS NOT NULL, false))) done),
         coalesce((SELECT count(*) > 0 AND bool_and(s.answered_at IS NOT NULL) FROM pebbles p
                     LEFT JOIN pebble_states s ON s.pebble_id = p.id AND s.user_id = t.user_id WHERE p.trail_id = t.trail_id), false),
         t.last_at
    FROM (SELECT s.user_id, s.trail_id, u.customer_id, coalesce(max(s.answered_at), now()) last_at
            FROM pebble_states s JOIN users u ON u.id = s.user_id
           WHERE (s.answered_at IS NOT NULL OR s.passed IS NOT NULL)
             AND u.customer_id IS NOT NULL AND u.trail_id IS NULL AND u.public_link_id IS NULL AND u.deleted_at IS NULL
           GROUP BY s.user_id, s.trail_id, u.customer_id) t;
$$;
--> statement-breakpoint
SELECT cairn_rebuild_scores();
