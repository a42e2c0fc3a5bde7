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
