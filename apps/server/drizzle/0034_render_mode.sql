-- Rendering where it matters (issue 31): when a backlink check loads a donor page again in headless
-- Chromium. 'missing' (default): when the HTML lacks the link or is a client-rendering shell;
-- 'always'; 'never'. A backlink found only in the rendered page is marked `rendered`.
ALTER TABLE "projects" ADD COLUMN "render_mode" text DEFAULT 'missing' NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_render_mode_check" CHECK ("render_mode" IN ('missing', 'always', 'never'));
--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "rendered" boolean DEFAULT false NOT NULL;
