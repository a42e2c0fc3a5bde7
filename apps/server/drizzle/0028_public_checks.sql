-- The public domain check (issue 30): checks counted per client address (a hash of it, never the
-- address itself) and over all addresses, in a fixed window of a day that starts at the first check.
-- One row a key, so a check is counted and the count read in one statement.
CREATE TABLE "public_check_counts" (
  "key" text PRIMARY KEY NOT NULL,
  "checks" integer NOT NULL,
  "window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "public_check_counts_window_idx" ON "public_check_counts" USING btree ("window_started_at");
