-- issue 28: anonymous surveys. A trail whose package says `anonymous: true` shares its answers without the
-- answerers' names and avatars; a customer may let its coaches see them (docs/player.md)
ALTER TABLE "trails" ADD COLUMN IF NOT EXISTS "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "coaches_see_anonymous" boolean DEFAULT false NOT NULL;
