-- issue 33: LTI 1.3 Advantage tool (docs/lti.md): the tool's keys, platform registrations and their deployments,
-- login states (state + nonce, used once), users by platform sub, hand-over codes, resource links, grade targets and
-- the scores posted (one per attempt).
CREATE TABLE "lti_tool_keys" (
  "kid" text PRIMARY KEY,
  "private_jwk" jsonb NOT NULL,
  "public_jwk" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "retired_at" timestamptz
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
  "issuer" text NOT NULL,
  "client_id" text NOT NULL,
  "auth_url" text NOT NULL,
  "token_url" text NOT NULL,
  "jwks_url" text NOT NULL,
  "frame_origin" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "lti_platforms_issuer_client_unique" UNIQUE ("issuer", "client_id")
);
--> statement-breakpoint
CREATE INDEX "lti_platforms_customer_idx" ON "lti_platforms" ("customer_id");
--> statement-breakpoint
CREATE TABLE "lti_deployments" (
  "platform_id" integer NOT NULL REFERENCES "lti_platforms"("id") ON DELETE CASCADE,
  "deployment_id" text NOT NULL,
  PRIMARY KEY ("platform_id", "deployment_id")
);
--> statement-breakpoint
CREATE TABLE "lti_login_states" (
  "state" text PRIMARY KEY,
  "nonce" text NOT NULL,
  "platform_id" integer NOT NULL REFERENCES "lti_platforms"("id") ON DELETE CASCADE,
  "browser_hash" text NOT NULL,
  "login_params" jsonb NOT NULL,
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "lti_login_states_expires_idx" ON "lti_login_states" ("expires_at");
--> statement-breakpoint
CREATE TABLE "lti_users" (
  "platform_id" integer NOT NULL REFERENCES "lti_platforms"("id") ON DELETE CASCADE,
  "sub" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  PRIMARY KEY ("platform_id", "sub")
);
--> statement-breakpoint
CREATE INDEX "lti_users_user_idx" ON "lti_users" ("user_id");
--> statement-breakpoint
CREATE TABLE "lti_handoffs" (
  "code_hash" text PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target" text NOT NULL,
  "expires_at" timestamptz NOT NULL,
  "used_at" timestamptz
);
--> statement-breakpoint
CREATE TABLE "lti_resource_links" (
  "platform_id" integer NOT NULL REFERENCES "lti_platforms"("id") ON DELETE CASCADE,
  "resource_link_id" text NOT NULL,
  "deployment_id" text NOT NULL,
  "trail_id" integer NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
  "context_id" text,
  "lineitem_url" text,
  "scope" text[] NOT NULL DEFAULT '{}',
  "memberships_url" text,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("platform_id", "resource_link_id")
);
--> statement-breakpoint
CREATE TABLE "lti_grade_targets" (
  "platform_id" integer NOT NULL,
  "resource_link_id" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "trail_id" integer NOT NULL REFERENCES "trails"("id") ON DELETE CASCADE,
  "sub" text NOT NULL,
  PRIMARY KEY ("platform_id", "resource_link_id", "user_id"),
  FOREIGN KEY ("platform_id", "resource_link_id") REFERENCES "lti_resource_links"("platform_id", "resource_link_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "lti_grade_targets_user_trail_idx" ON "lti_grade_targets" ("user_id", "trail_id");
--> statement-breakpoint
CREATE TABLE "lti_scores" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "platform_id" integer NOT NULL,
  "resource_link_id" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "attempt_key" text NOT NULL,
  "score_given" integer,
  "score_maximum" integer,
  "status" text NOT NULL DEFAULT 'pending',
  "tries" integer NOT NULL DEFAULT 0,
  "last_error" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "sent_at" timestamptz,
  CONSTRAINT "lti_scores_attempt_unique" UNIQUE ("platform_id", "resource_link_id", "user_id", "attempt_key"),
  FOREIGN KEY ("platform_id", "resource_link_id") REFERENCES "lti_resource_links"("platform_id", "resource_link_id") ON DELETE CASCADE
);
