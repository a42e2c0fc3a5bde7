-- Who added a link and who last moved it (issue 27): the member (or owner) whose upload added it, and
-- whose move between campaigns or lists last changed its place, with when. Null: not known (links
-- older than this migration, links added by the system) or the user has since been deleted.
ALTER TABLE "links" ADD COLUMN "added_by" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "moved_by" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "moved_at" timestamp with time zone;
