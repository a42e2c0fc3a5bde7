CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "links_url_trgm_idx" ON "links" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "links_title_trgm_idx" ON "links" USING gin ("title" gin_trgm_ops);