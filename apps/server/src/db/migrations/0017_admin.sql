-- issue 30: the admin side: audit log, invitations, account states (deactivated, invited), SSO sign-up domains
CREATE TABLE "audit_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "customer_id" integer REFERENCES "customers"("id") ON DELETE CASCADE,
  "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "action" text NOT NULL,
  "object_type" text NOT NULL,
  "object_id" text,
  "ip" text,
  "detail" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" ("customer_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "invitations" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" ("user_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sso_domains" text[] NOT NULL DEFAULT '{}'::text[];
