-- The coach list's search (docs/me-and-coach.md): a trigram index over "first last first email", so a search is an
-- index scan instead of an ILIKE over every learner of the customer; and a narrow index the list's count reads.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_coach_search_idx" ON "users" USING gin (
  (coalesce("firstname", '') || ' ' || coalesce("lastname", '') || ' ' || coalesce("firstname", '') || ' ' || coalesce("email", '')) gin_trgm_ops
) WHERE "deleted_at" IS NULL AND "trail_id" IS NULL AND "public_link_id" IS NULL;--> statement-breakpoint
CREATE INDEX "users_customer_learners_idx" ON "users" ("customer_id")
  WHERE "deleted_at" IS NULL AND "trail_id" IS NULL AND "public_link_id" IS NULL;
