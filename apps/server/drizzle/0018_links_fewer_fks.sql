ALTER TABLE "links" DROP CONSTRAINT "links_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "links" DROP CONSTRAINT "links_project_id_projects_id_fk";
