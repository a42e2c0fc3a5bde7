-- The partner programme (issue 29): referral links, their counted visits, the users they brought,
-- the referral ledger (append-only, like admin_audit), payouts, payout methods and commission levels.
CREATE TABLE "referral_links" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "key" text NOT NULL,
  "referral_uri" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_key_unique" ON "referral_links" USING btree (lower("key"));
--> statement-breakpoint
CREATE INDEX "referral_links_user_idx" ON "referral_links" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "referral_visits" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "link_id" integer NOT NULL REFERENCES "referral_links"("id") ON DELETE cascade,
  "visitor" text NOT NULL,
  "day" date NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_visits_unique" ON "referral_visits" USING btree ("link_id", "visitor", "day");
--> statement-breakpoint
CREATE TABLE "referral_users" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "partner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "link_id" integer NOT NULL REFERENCES "referral_links"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_users_user_unique" ON "referral_users" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "referral_users_partner_idx" ON "referral_users" USING btree ("partner_id", "created_at");
--> statement-breakpoint
CREATE INDEX "referral_users_link_idx" ON "referral_users" USING btree ("link_id");
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "partner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "method_id" integer NOT NULL,
  "method_name" text NOT NULL,
  "type" smallint NOT NULL,
  "amount_cents" integer NOT NULL,
  "fee_cents" integer NOT NULL,
  "email" text,
  "status_id" smallint DEFAULT 0 NOT NULL,
  "reference" text,
  "decided_by" integer,
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "referral_payouts_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "referral_payouts_partner_idx" ON "referral_payouts" USING btree ("partner_id", "created_at");
--> statement-breakpoint
CREATE TABLE "referral_ledger" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "partner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "payment_id" integer REFERENCES "payments"("id") ON DELETE set null,
  "payout_id" integer REFERENCES "referral_payouts"("id") ON DELETE set null,
  "referred_user_id" integer,
  "link_id" integer,
  "percent" integer,
  "available_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "referral_ledger_names_its_source" CHECK (("kind" in ('commission', 'reversal') and "payment_id" is not null) or ("kind" in ('payout', 'payoutReturned') and "payout_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "referral_ledger_partner_idx" ON "referral_ledger" USING btree ("partner_id", "available_at");
--> statement-breakpoint
-- One commission and at most one reversal per referred payment: a replayed or concurrent event adds nothing.
CREATE UNIQUE INDEX "referral_ledger_payment_kind_unique" ON "referral_ledger" USING btree ("payment_id", "kind") WHERE "kind" in ('commission', 'reversal');
--> statement-breakpoint
-- Append-only, whatever the code does: an UPDATE or DELETE of a ledger row fails, unless it is a
-- foreign key's own action (a deleted account's rows go with it; a deleted payment's id becomes null).
CREATE FUNCTION referral_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'referral_ledger rows are never changed or deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER referral_ledger_append_only BEFORE UPDATE OR DELETE ON "referral_ledger"
  FOR EACH ROW EXECUTE FUNCTION referral_ledger_append_only();
--> statement-breakpoint
CREATE TABLE "referral_payment_methods" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "name" text NOT NULL,
  "percent" integer NOT NULL,
  "type" smallint NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
-- The documented defaults; the operator changes them in the console.
INSERT INTO "referral_payment_methods" ("name", "percent", "type") VALUES
  ('Linkwatch balance', 0, 1), ('PayPal', 3, 2), ('Bank transfer', 2, 2), ('USDT (TRC20)', 1, 2);
--> statement-breakpoint
CREATE TABLE "referral_levels" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "min" integer NOT NULL,
  "max" integer,
  "percent" integer NOT NULL
);
--> statement-breakpoint
-- By the partner's referred revenue so far (cents): 20 % up to $999.99, 25 % to $4,999.99, 30 % beyond.
INSERT INTO "referral_levels" ("min", "max", "percent") VALUES (0, 99999, 20), (100000, 499999, 25), (500000, NULL, 30);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "referral_min_payout_cents" integer;
