-- Teams (issue 27). An account is its owner's user id: every data row's user_id keeps naming the
-- account, so nothing moves. Members and invitations are new; a session carries its current account.
CREATE TABLE "account_members" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "role_id" smallint DEFAULT 1 NOT NULL,
  "permissions" text[] DEFAULT '{}'::text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "account_members_not_owner" CHECK ("account_id" <> "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_members_account_user_unique" ON "account_members" USING btree ("account_id", "user_id");
--> statement-breakpoint
CREATE INDEX "account_members_user_idx" ON "account_members" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "team_invitations" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "invited_by" integer,
  "email" text NOT NULL,
  "role_id" smallint DEFAULT 1 NOT NULL,
  "permissions" text[] DEFAULT '{}'::text[] NOT NULL,
  "code_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "accepted_by" integer,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_code_unique" ON "team_invitations" USING btree ("code_hash");
--> statement-breakpoint
CREATE INDEX "team_invitations_account_idx" ON "team_invitations" USING btree ("account_id");
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "account_id" integer;
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "actor_id" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "actor_id" integer;
--> statement-breakpoint
ALTER TABLE "link_uploads" ADD COLUMN "actor_id" integer;
