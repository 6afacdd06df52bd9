-- issue 29: a trail's feedback mode (immediate | end | none); null = the default of its type (feedbackModeOf)
ALTER TABLE "trails" ADD COLUMN IF NOT EXISTS "feedback_mode" text;--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_feedback_mode_check" CHECK ("feedback_mode" IN ('immediate', 'end', 'none'));
