-- issue 30: a trail uploaded by a customer admin is a draft until published; retiring hides it from new assignments.
-- Kept beside trails (not on its row): the trail row is write-once content the processes cache (docs/admin.md).
-- A trail without a row here (imported by the CLI or the seed) counts as published.
CREATE TABLE "trail_lifecycle" (
  "trail_id" integer PRIMARY KEY REFERENCES "trails"("id") ON DELETE CASCADE,
  "uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "published_at" timestamp with time zone,
  "retired_at" timestamp with time zone
);
