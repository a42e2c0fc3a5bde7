-- Evidence of a link's state changes (issue 31): for each change a check saw (found, lost, rel or
-- anchor changed, noindex appeared, the page gone or answering an error), the state before and after
-- (response code, headers, the backlinks with the text around them) and a JPEG screenshot of each
-- state when a browser was there to take one. Rows older than EVIDENCE_RETENTION_DAYS are deleted.
CREATE TABLE "evidence_shots" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "link_id" integer NOT NULL REFERENCES "links"("id") ON DELETE CASCADE,
  "taken_at" timestamp with time zone DEFAULT now() NOT NULL,
  "mime" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "marked" text NOT NULL,
  "bytes" bytea NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evidence_shots_link_idx" ON "evidence_shots" ("link_id", "taken_at");
--> statement-breakpoint
CREATE INDEX "evidence_shots_taken_idx" ON "evidence_shots" ("taken_at");
--> statement-breakpoint
CREATE TABLE "link_evidence" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "link_id" integer NOT NULL REFERENCES "links"("id") ON DELETE CASCADE,
  "action_id" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "changes" jsonb NOT NULL,
  "before" jsonb,
  "after" jsonb NOT NULL,
  "before_shot_id" integer REFERENCES "evidence_shots"("id") ON DELETE SET NULL,
  "after_shot_id" integer REFERENCES "evidence_shots"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "link_evidence_link_idx" ON "link_evidence" ("link_id", "created_at");
--> statement-breakpoint
CREATE INDEX "link_evidence_created_idx" ON "link_evidence" ("created_at");
