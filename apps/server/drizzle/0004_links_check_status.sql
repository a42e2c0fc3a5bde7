ALTER TABLE "links" ADD COLUMN "check_status" smallint;--> statement-breakpoint
CREATE INDEX "links_campaign_check_status_idx" ON "links" USING btree ("campaign_id","list_type","check_status","id");--> statement-breakpoint
-- Links checked before this column existed take the status of their latest check history row.
UPDATE "links" SET "check_status" = h."status_id"
FROM (
	SELECT DISTINCT ON ("link_id") "link_id", "status_id"
	FROM "backlink_check_histories"
	ORDER BY "link_id", "date" DESC, "id" DESC
) h
WHERE h."link_id" = "links"."id" AND "links"."date_check_data" IS NOT NULL;
