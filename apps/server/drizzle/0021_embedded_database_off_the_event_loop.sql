-- An upload commits its links in short transactions, so that on the embedded database (one
-- connection) other users' calls get it between them. Each link carries the upload that added it
-- until the upload ends; a failed upload, or one whose process died (its row's alive_until passed),
-- deletes the links marked with its id. No index: the delete reads the campaign's links.
ALTER TABLE "links" ADD COLUMN "upload_id" integer;
--> statement-breakpoint
CREATE TABLE "link_uploads" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL,
  "campaign_id" integer NOT NULL,
  "alive_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- links/chart's "added" series: links per UTC day of their creation, one more kind of counter
-- ('added', key 'YYYY-MM-DD'; drizzle/functions/counters.sql counts it). The links already there: their
-- "added" counts, into shard 0.
INSERT INTO link_counters (campaign_id, list_type, tier, kind, key, shard, user_id, project_id, n)
SELECT campaign_id, list_type, tier, 'added', to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), 0, user_id, project_id, count(*)
FROM links GROUP BY 1, 2, 3, 5, 7, 8;
