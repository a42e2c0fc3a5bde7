-- Uploaded video files for the wiki (issue 30), kept like its images: the bytes in the database, so a
-- second API process or a restored backup has them too. Stored uncompressed and out of line
-- (STORAGE EXTERNAL): a player's Range request reads only the slice it asks for, not the whole file.
CREATE TABLE "wiki_video_files" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "mime" text NOT NULL,
  "size" integer NOT NULL,
  "sha256" text NOT NULL,
  "bytes" bytea NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wiki_video_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "wiki_videos" ADD COLUMN "file_id" integer REFERENCES "wiki_video_files"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "wiki_videos" ADD COLUMN "updated_by" integer;
--> statement-breakpoint
ALTER TABLE "wiki_videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
