-- Issue 28: an operator's console permission keys (`console.*` of GET permissions). Empty: every key,
-- so the operators made before this migration keep their whole console.
ALTER TABLE "users" ADD COLUMN "console_permissions" text[] DEFAULT '{}'::text[] NOT NULL;
