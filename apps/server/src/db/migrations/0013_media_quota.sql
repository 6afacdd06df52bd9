-- The storage quotas (media/quota.service.ts) sum the live files of a customer and of a user: an index of the live rows
-- by customer and user. (users_coach_list_idx, which the generator also listed, is created by 0011.)
CREATE INDEX "media_customer_live_idx" ON "media" USING btree ("customer_id","user_id") WHERE "media"."deleted_at" is null;
