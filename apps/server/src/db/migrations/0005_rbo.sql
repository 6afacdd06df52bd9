CREATE TABLE "rbo_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rbo_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pebble_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rbo_ratings_scale" CHECK ("rbo_ratings"."rating" between 1 and 5),
	CONSTRAINT "rbo_ratings_not_own" CHECK ("rbo_ratings"."rater_id" <> "rbo_ratings"."player_id")
);
--> statement-breakpoint
CREATE TABLE "rbo_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rbo_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pebble_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pebbles" ADD COLUMN "is_rbo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pebbles" ADD COLUMN "rbo_mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pebbles" ADD COLUMN "rbo_scale" text DEFAULT 'stars' NOT NULL;--> statement-breakpoint
ALTER TABLE "rbo_ratings" ADD CONSTRAINT "rbo_ratings_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbo_ratings" ADD CONSTRAINT "rbo_ratings_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbo_ratings" ADD CONSTRAINT "rbo_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbo_requests" ADD CONSTRAINT "rbo_requests_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbo_requests" ADD CONSTRAINT "rbo_requests_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbo_requests" ADD CONSTRAINT "rbo_requests_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rbo_ratings_once_idx" ON "rbo_ratings" USING btree ("pebble_id","player_id","rater_id");--> statement-breakpoint
CREATE INDEX "rbo_ratings_player_idx" ON "rbo_ratings" USING btree ("player_id","pebble_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rbo_requests_once_idx" ON "rbo_requests" USING btree ("pebble_id","player_id","rater_id");--> statement-breakpoint
CREATE INDEX "rbo_requests_rater_idx" ON "rbo_requests" USING btree ("rater_id","rated_at");