-- issue 28: learner flags. "Your first reward!" shows once per user (§4), remembered here rather than per tab:
-- set the first time the web shows the message (POST /api/me/seen/first_reward), read as the profile's
-- first_reward_seen (docs/me-and-coach.md).
ALTER TABLE "users" ADD COLUMN "first_reward_seen_at" timestamp with time zone;
