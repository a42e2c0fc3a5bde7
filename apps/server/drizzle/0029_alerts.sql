-- Alerts in Slack, Telegram and e-mail (issue 32): channels, per-project rules, the digest hour, and
-- the queue of grouped messages the worker delivers.
CREATE TABLE "alert_channels" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "slack_url" text,
  "telegram_chat_id" text,
  "telegram_chat_title" text,
  "connect_code_hash" text,
  "connect_expires_at" timestamp with time zone,
  "failures" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "paused_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_user_kind_unique" ON "alert_channels" USING btree ("user_id", "kind");
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_code_unique" ON "alert_channels" USING btree ("connect_code_hash") WHERE "connect_code_hash" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "alert_rules" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
  "events" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "mode" text DEFAULT 'immediate' NOT NULL,
  "balance_threshold" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_project_unique" ON "alert_rules" USING btree ("project_id");
--> statement-breakpoint
CREATE TABLE "alert_settings" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "time_zone" text DEFAULT 'UTC' NOT NULL,
  "digest_hour" smallint DEFAULT 9 NOT NULL,
  "last_digest_on" text
);
--> statement-breakpoint
CREATE TABLE "alert_messages" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "project_id" integer,
  "action_id" integer,
  "channel" text NOT NULL,
  "mode" text NOT NULL,
  "status" text NOT NULL,
  "payload" jsonb NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_messages_due_idx" ON "alert_messages" USING btree ("status", "next_attempt_at");
--> statement-breakpoint
CREATE INDEX "alert_messages_user_idx" ON "alert_messages" USING btree ("user_id", "status");
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_messages_task_unique" ON "alert_messages" USING btree ("action_id", "project_id", "channel") WHERE "action_id" IS NOT NULL;
