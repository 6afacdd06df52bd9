-- issue 29: battles that feel like a duel (docs/battles.md): per-question time limits from the package, the
-- server's record of when each question was served to each player, the learner's extended-time need (WCAG 2.2.1),
-- and what each battle answer was (the reveal shows it even after the trail is played again).
CREATE TABLE "battle_settings" (
	"trail_id" integer PRIMARY KEY NOT NULL REFERENCES "trails"("id") ON DELETE cascade,
	"seconds_per_question" integer CHECK ("seconds_per_question" BETWEEN 5 AND 600),
	"speed_bonus" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battle_serves" (
	"battle_id" integer NOT NULL REFERENCES "battles"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"pebble_id" integer NOT NULL REFERENCES "pebbles"("id") ON DELETE cascade,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_serves_pk" PRIMARY KEY("battle_id","user_id","pebble_id")
);
--> statement-breakpoint
CREATE TABLE "time_needs" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"extended_time" text NOT NULL CHECK ("extended_time" IN ('x1.5', 'x2', 'untimed')),
	"set_by" integer REFERENCES "users"("id") ON DELETE set null,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battle_answers" ADD COLUMN "answers" jsonb;
--> statement-breakpoint
ALTER TABLE "battle_answers" ADD COLUMN "late" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "battle_answers" ADD COLUMN "speed_points" integer DEFAULT 0 NOT NULL;
