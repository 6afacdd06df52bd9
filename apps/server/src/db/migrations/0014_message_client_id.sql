-- Chat sends are idempotent (issue 26): a message may carry its sender's client-made id (a UUID); a send repeated
-- with it answers the first message instead of storing another (NULLs stay distinct: sends without one are unaffected).
ALTER TABLE "messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_idx" ON "messages" USING btree ("sender_id","client_id");
