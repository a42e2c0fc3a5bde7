-- Cascades (a deleted account takes links and backlinks by two paths) do not promise which table's
-- statement trigger runs first: backlinks whose link and scope are both gone wait for the links' trigger.
ALTER TABLE "link_counter_gone" ADD COLUMN "at" timestamptz NOT NULL DEFAULT statement_timestamp();
--> statement-breakpoint
CREATE UNLOGGED TABLE "link_counter_orphans" (
	"link_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"attribute" text NOT NULL,
	"anchor" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "link_counter_orphans_link_idx" ON "link_counter_orphans" ("link_id");
--> statement-breakpoint
SELECT link_counters_rebuild();
