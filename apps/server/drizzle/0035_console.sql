-- Issue 28: the operator's captcha switch. On by default: a configured captcha is asked for as before.
ALTER TABLE "settings" ADD COLUMN "captcha_enabled" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Issue 28: what each process saw of the outside providers, for the console's provider health.
CREATE TABLE "provider_health" (
	"process_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"last_status" integer,
	"rate_limited" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remaining" double precision,
	"remaining_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_health_process_id_provider_pk" PRIMARY KEY("process_id","provider")
);
