-- A project's disavow list (issue 32): versions (full snapshots, numbered per project) and their entries.
CREATE TABLE "disavow_versions" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
  "number" integer NOT NULL,
  "reason" text NOT NULL,
  "actor_id" integer REFERENCES "users"("id") ON DELETE set null,
  "domain_count" integer DEFAULT 0 NOT NULL,
  "url_count" integer DEFAULT 0 NOT NULL,
  "added_count" integer DEFAULT 0 NOT NULL,
  "removed_count" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "disavow_versions_project_number_unique" ON "disavow_versions" USING btree ("project_id", "number");
--> statement-breakpoint
CREATE INDEX "disavow_versions_user_idx" ON "disavow_versions" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "disavow_entries" (
  "version_id" integer NOT NULL REFERENCES "disavow_versions"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "value" text NOT NULL,
  "reason" text NOT NULL,
  "added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "disavow_entries_version_value_unique" ON "disavow_entries" USING btree ("version_id", "kind", "value");
