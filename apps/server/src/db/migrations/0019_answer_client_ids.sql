-- Idempotent answers (issue 31, docs/offline.md). An answer may carry its client-made id (a UUID v7); the first
-- request with it claims the receipt (the primary key decides between concurrent duplicates), decides the answer,
-- and keeps its outcome (status and body); a repeat is answered with that outcome and stores nothing.
CREATE TABLE "answer_receipts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_id" uuid NOT NULL,
	"pebble_id" integer NOT NULL,
	"status" integer,
	"body" json,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_receipts_pkey" PRIMARY KEY ("user_id", "client_id")
);--> statement-breakpoint
CREATE INDEX "answer_receipts_claimed_at_idx" ON "answer_receipts" USING btree ("claimed_at");--> statement-breakpoint
-- When the learner's attempt was last reset (the learner's own reset or the coach's: both restart started_at). An
-- answer made offline before it (its UUID v7 time) is refused rather than counted in the new attempt.
ALTER TABLE "trail_progress" ADD COLUMN "reset_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "trail_progress_reset_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.reset_at := NEW.started_at;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "trail_progress_reset_at" BEFORE UPDATE OF "started_at" ON "trail_progress"
	FOR EACH ROW WHEN (OLD.started_at IS DISTINCT FROM NEW.started_at) EXECUTE FUNCTION "trail_progress_reset_at"();
