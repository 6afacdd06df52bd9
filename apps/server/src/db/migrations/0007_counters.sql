ALTER TABLE "user_certificates" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "me_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vaults_user_idx" ON "vaults" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_certificates_unnotified_idx" ON "user_certificates" USING btree ("id") WHERE "user_certificates"."notified_at" is null;--> statement-breakpoint
-- certificates issued before this migration were notified when they were issued
UPDATE "user_certificates" SET "notified_at" = "issued_at";
