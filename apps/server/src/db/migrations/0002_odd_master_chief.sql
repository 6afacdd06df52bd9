CREATE TABLE "mineral_answers" (
	"user_id" integer NOT NULL,
	"mineral_id" integer NOT NULL,
	"pebble_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"options" jsonb,
	"value" text,
	"media_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mineral_answers_user_id_mineral_id_pk" PRIMARY KEY("user_id","mineral_id")
);
--> statement-breakpoint
CREATE TABLE "mineral_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mineral_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mineral_id" integer NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	"media" jsonb,
	"correct" boolean DEFAULT false NOT NULL,
	"scores" jsonb
);
--> statement-breakpoint
CREATE TABLE "minerals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minerals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pebble_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"dimension" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"correct" jsonb
);
--> statement-breakpoint
CREATE TABLE "pebble_states" (
	"user_id" integer NOT NULL,
	"pebble_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"passed" boolean,
	CONSTRAINT "pebble_states_user_id_pebble_id_pk" PRIMARY KEY("user_id","pebble_id")
);
--> statement-breakpoint
CREATE TABLE "pebbles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pebbles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trail_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"fa_icon" text DEFAULT 'fa-circle' NOT NULL,
	"fa_icon_background" text,
	"fa_icon_border" text,
	"stage" text,
	"xp" integer DEFAULT 0 NOT NULL,
	"can_change_answer" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"redirect_url" text,
	"feedback" text,
	"style" jsonb,
	"background" jsonb
);
--> statement-breakpoint
CREATE TABLE "trail_assignments" (
	"trail_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trail_assignments_trail_id_user_id_pk" PRIMARY KEY("trail_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trail_progress" (
	"user_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"tries_used" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "trail_progress_user_id_trail_id_pk" PRIMARY KEY("user_id","trail_id")
);
--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "icon_url" text;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "gradient" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "difficulty" text DEFAULT 'easy' NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "duration_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "tries_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "pass_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "coach_id" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "style" jsonb;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "rewards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "certificate" jsonb;--> statement-breakpoint
ALTER TABLE "mineral_answers" ADD CONSTRAINT "mineral_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mineral_answers" ADD CONSTRAINT "mineral_answers_mineral_id_minerals_id_fk" FOREIGN KEY ("mineral_id") REFERENCES "public"."minerals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mineral_answers" ADD CONSTRAINT "mineral_answers_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mineral_answers" ADD CONSTRAINT "mineral_answers_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mineral_answers" ADD CONSTRAINT "mineral_answers_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mineral_options" ADD CONSTRAINT "mineral_options_mineral_id_minerals_id_fk" FOREIGN KEY ("mineral_id") REFERENCES "public"."minerals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minerals" ADD CONSTRAINT "minerals_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pebble_states" ADD CONSTRAINT "pebble_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pebble_states" ADD CONSTRAINT "pebble_states_pebble_id_pebbles_id_fk" FOREIGN KEY ("pebble_id") REFERENCES "public"."pebbles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pebble_states" ADD CONSTRAINT "pebble_states_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pebbles" ADD CONSTRAINT "pebbles_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_assignments" ADD CONSTRAINT "trail_assignments_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_assignments" ADD CONSTRAINT "trail_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_progress" ADD CONSTRAINT "trail_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_progress" ADD CONSTRAINT "trail_progress_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mineral_answers_user_trail_idx" ON "mineral_answers" USING btree ("user_id","trail_id");--> statement-breakpoint
CREATE INDEX "mineral_answers_mineral_idx" ON "mineral_answers" USING btree ("mineral_id");--> statement-breakpoint
CREATE INDEX "mineral_options_mineral_idx" ON "mineral_options" USING btree ("mineral_id","position");--> statement-breakpoint
CREATE INDEX "minerals_pebble_idx" ON "minerals" USING btree ("pebble_id","position");--> statement-breakpoint
CREATE INDEX "pebble_states_user_trail_idx" ON "pebble_states" USING btree ("user_id","trail_id");--> statement-breakpoint
CREATE INDEX "pebbles_trail_idx" ON "pebbles" USING btree ("trail_id","position");--> statement-breakpoint
CREATE INDEX "trail_assignments_user_idx" ON "trail_assignments" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;