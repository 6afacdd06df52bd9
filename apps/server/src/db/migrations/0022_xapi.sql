-- issue 33: xAPI statements to a customer's LRS (docs/xapi.md). The settings, and the outbox every statement waits in
-- until the LRS has it. Rows are written by triggers inside the learner's own transaction (trail opened, pebble
-- answered, trail completed, answer rated), only for customers whose LRS is on: the app's answer path is unchanged,
-- and a statement exists exactly when what it reports was committed.
CREATE TABLE "xapi_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"endpoint" text NOT NULL,
	"auth_kind" text DEFAULT 'basic' NOT NULL CHECK ("auth_kind" in ('basic', 'oauth')),
	"username" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"token_url" text,
	"actor_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"statement_id" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"kind" text NOT NULL CHECK ("kind" in ('initialized', 'answered', 'completed', 'rated')),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"trail_id" integer NOT NULL,
	"pebble_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "xapi_outbox_due_idx" ON "xapi_outbox" USING btree ("next_attempt_at", "id") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "xapi_outbox_customer_idx" ON "xapi_outbox" USING btree ("customer_id", "id");
--> statement-breakpoint
-- the customer of a user whose customer sends statements, else null (the triggers' first, cheap, check)
CREATE FUNCTION xapi_customer_of(uid integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT u.customer_id FROM users u JOIN xapi_settings x ON x.customer_id = u.customer_id AND x.enabled WHERE u.id = uid
$$;
--> statement-breakpoint
-- a trail opened: the first pebble state of an attempt (the player opens the first pebble; a reset deletes the states)
CREATE FUNCTION xapi_on_state_opened() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer;
BEGIN
  c := xapi_customer_of(NEW.user_id);
  IF c IS NULL THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM pebble_states s WHERE s.user_id = NEW.user_id AND s.trail_id = NEW.trail_id
             AND s.pebble_id <> NEW.pebble_id) THEN RETURN NULL; END IF;
  INSERT INTO xapi_outbox (customer_id, kind, user_id, trail_id, pebble_id, occurred_at)
  VALUES (c, 'initialized', NEW.user_id, NEW.trail_id, NEW.pebble_id, NEW.opened_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pebble_states_xapi_opened AFTER INSERT ON pebble_states FOR EACH ROW EXECUTE FUNCTION xapi_on_state_opened();
--> statement-breakpoint
-- a pebble answered, with the answers its statement stored (an AFTER trigger runs once the whole statement is done, so
-- it sees the answers written beside the state; one xAPI statement per mineral, built when sent)
CREATE FUNCTION xapi_on_state_answered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer;
BEGIN
  IF NEW.answered_at IS NULL OR (TG_OP = 'UPDATE' AND OLD.answered_at IS NOT DISTINCT FROM NEW.answered_at) THEN
    RETURN NULL;
  END IF;
  c := xapi_customer_of(NEW.user_id);
  IF c IS NULL THEN RETURN NULL; END IF;
  INSERT INTO xapi_outbox (customer_id, kind, user_id, trail_id, pebble_id, occurred_at, data)
  VALUES (c, 'answered', NEW.user_id, NEW.trail_id, NEW.pebble_id, NEW.answered_at, jsonb_build_object(
    'passed', NEW.passed,
    'answers', coalesce((SELECT jsonb_agg(jsonb_build_object('mineral_id', a.mineral_id, 'options', a.options,
                           'value', a.value, 'media_id', a.media_id) ORDER BY a.mineral_id)
                         FROM mineral_answers a WHERE a.user_id = NEW.user_id AND a.pebble_id = NEW.pebble_id), '[]'::jsonb)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pebble_states_xapi_answered AFTER INSERT OR UPDATE ON pebble_states
  FOR EACH ROW EXECUTE FUNCTION xapi_on_state_answered();
--> statement-breakpoint
-- a trail completed: at commit (so after the answer that completed it, in the outbox's order too), with every pebble's
-- mark of the attempt (xp, stage, answered, passed), as scoring reads them
CREATE FUNCTION xapi_on_trail_completed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer;
BEGIN
  IF NEW.completed_at IS NULL OR (TG_OP = 'UPDATE' AND OLD.completed_at IS NOT NULL) THEN RETURN NULL; END IF;
  c := xapi_customer_of(NEW.user_id);
  IF c IS NULL THEN RETURN NULL; END IF;
  INSERT INTO xapi_outbox (customer_id, kind, user_id, trail_id, occurred_at, data)
  VALUES (c, 'completed', NEW.user_id, NEW.trail_id, NEW.completed_at, jsonb_build_object(
    'started_at', NEW.started_at,
    'tries_used', NEW.tries_used,
    'marks', coalesce((SELECT jsonb_agg(jsonb_build_array(p.xp, p.stage, s.answered_at IS NOT NULL, s.passed) ORDER BY p.position)
                       FROM pebbles p LEFT JOIN pebble_states s ON s.pebble_id = p.id AND s.user_id = NEW.user_id
                       WHERE p.trail_id = NEW.trail_id), '[]'::jsonb)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trail_progress_xapi_completed AFTER INSERT OR UPDATE ON trail_progress
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION xapi_on_trail_completed();
--> statement-breakpoint
-- an answer rated by a peer (the rater is the actor)
CREATE FUNCTION xapi_on_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c integer;
BEGIN
  c := xapi_customer_of(NEW.rater_id);
  IF c IS NULL THEN RETURN NULL; END IF;
  INSERT INTO xapi_outbox (customer_id, kind, user_id, trail_id, pebble_id, occurred_at, data)
  SELECT c, 'rated', NEW.rater_id, p.trail_id, NEW.pebble_id, NEW.created_at,
         jsonb_build_object('rating', NEW.rating, 'comment', NEW.comment, 'player_id', NEW.player_id)
  FROM pebbles p WHERE p.id = NEW.pebble_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rbo_ratings_xapi AFTER INSERT ON rbo_ratings FOR EACH ROW EXECUTE FUNCTION xapi_on_rating();
