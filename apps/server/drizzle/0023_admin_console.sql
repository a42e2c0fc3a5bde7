-- The operator console (issue 28). Every change made in it is one row here, written in the same
-- transaction as the change. Ids are kept as plain numbers (no foreign keys): a row must outlive
-- whatever it names, and nothing may rewrite it.
CREATE TABLE "admin_audit" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "actor_id" integer NOT NULL,
  "target_user_id" integer,
  "kind" text NOT NULL,
  "subject" text,
  "before" jsonb,
  "after" jsonb,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "admin_audit_actor_idx" ON "admin_audit" USING btree ("actor_id", "created_at");
--> statement-breakpoint
-- Append-only, whatever the code does: an UPDATE or DELETE of an audit row fails.
CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit rows are never changed or deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON "admin_audit"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only();
--> statement-breakpoint
-- An operator acting as a customer: a session of the customer's that ends by itself at expires_at,
-- and names the operator who opened it.
ALTER TABLE "access_tokens" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "impersonator_id" integer;
--> statement-breakpoint
-- Payment methods: on when their provider is configured, unless the operator turned them off
-- (false). Null, the new default, follows the configuration alone, as every row did until now.
ALTER TABLE "settings" ALTER COLUMN "enable_crypto" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "enable_crypto" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "enable_paypal" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "enable_paypal" DROP DEFAULT;
--> statement-breakpoint
UPDATE "settings" SET "enable_crypto" = NULL, "enable_paypal" = NULL;
