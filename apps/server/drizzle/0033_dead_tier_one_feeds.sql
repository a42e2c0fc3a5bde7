-- Issue 31, tiers as a graph: a tier 2 link whose tier 1 page (its acceptor) stopped being worth
-- strengthening (its backlink gone, an error answer, noindex, blocked, not indexed) is flagged with the
-- reason and since when; tier 2 tasks leave flagged links out unless asked to include them.
ALTER TABLE "links" ADD COLUMN "dead_feed_reason" text;
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "dead_feed_since" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "links_dead_feed_idx" ON "links" ("project_id") WHERE "dead_feed_reason" is not null;
