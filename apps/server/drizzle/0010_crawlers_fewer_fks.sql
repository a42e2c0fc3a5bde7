ALTER TABLE "crawler_item_events" DROP CONSTRAINT "crawler_item_events_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "crawler_item_events" DROP CONSTRAINT "crawler_item_events_import_id_crawler_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "crawler_items" DROP CONSTRAINT "crawler_items_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "crawler_items" DROP CONSTRAINT "crawler_items_last_import_id_crawler_imports_id_fk";
