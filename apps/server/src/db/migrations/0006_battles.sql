CREATE TABLE "battle_answers" (
	"battle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pebble_id" integer NOT NULL,
	"passed" boolean NOT NULL,
	"points" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_answers_battle_id_user_id_pebble_id_pk" PRIMARY KEY("battle_id","user_id","pebble_id")
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "battles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"challenger_id" integer NOT NULL,
	"contender_id" integer NOT NULL,
	"status" text DEFAULT 'challenged' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"challenged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"challenger_done_at" timestamp with time zone,
	"contender_done_at" timestamp with time zone,
	"challenger_score" integer DEFAULT 0 NOT NULL,
	"contender_score" integer DEFAULT 0 NOT NULL,
	"winner_id" integer,
	"challenge_reminded_at" timestamp with time zone,
	"finish_reminded_at" timestamp with time zone,
	"replacements" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_notices" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_notices_user_id_kind_day_pk" PRIMARY KEY("user_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "trail_assignments" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "trail_assignments" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "battle_answers" ADD CONSTRAINT "battle_answers_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_answers" ADD CONSTRAINT "battle_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_answers" ADD CONSTRAINT "battle_answers_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_contender_id_users_id_fk" FOREIGN KEY ("contender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_notices" ADD CONSTRAINT "date_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_notices" ADD CONSTRAINT "date_notices_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battles_challenger_idx" ON "battles" USING btree ("challenger_id","created_at");--> statement-breakpoint
CREATE INDEX "battles_contender_idx" ON "battles" USING btree ("contender_id","created_at");--> statement-breakpoint
CREATE INDEX "battles_open_idx" ON "battles" USING btree ("status") WHERE "battles"."status" in ('challenged', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "battles_open_pair_idx" ON "battles" USING btree ("trail_id",least("challenger_id", "contender_id"),greatest("challenger_id", "contender_id")) WHERE "battles"."status" in ('challenged', 'accepted');