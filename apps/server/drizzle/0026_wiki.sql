-- The wiki (issue 30): articles in one or more languages (a translation group links the versions),
-- their images and videos, when each user last opened the wiki, the seed files loaded and the
-- publication mails sent.
-- The text search configuration of a row's language: English and Russian are stemmed; Ukrainian has
-- no configuration in PostgreSQL and is matched word for word.
CREATE FUNCTION wiki_config(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE locale WHEN 'en' THEN 'english'::regconfig WHEN 'ru' THEN 'russian'::regconfig ELSE 'simple'::regconfig END
$$;
--> statement-breakpoint
CREATE TABLE "wiki_articles" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "group_key" text NOT NULL,
  "locale" text NOT NULL CHECK ("locale" IN ('en', 'ru', 'ua')),
  "section" smallint NOT NULL CHECK ("section" BETWEEN 1 AND 6),
  "slug" text NOT NULL,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "content" text DEFAULT '' NOT NULL,
  "more" text,
  "category" text,
  "tags" text[] DEFAULT '{}'::text[] NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL CHECK ("status" IN ('draft', 'published')),
  "published_at" timestamp with time zone,
  "cover_image_id" integer,
  "created_by" integer,
  "updated_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "search" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(wiki_config(locale), title), 'A')
    || setweight(to_tsvector(wiki_config(locale), description), 'B')
    || setweight(to_tsvector(wiki_config(locale), content), 'C')
  ) STORED
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_articles_group_locale_idx" ON "wiki_articles" USING btree ("group_key", "locale");
--> statement-breakpoint
CREATE INDEX "wiki_articles_listing_idx" ON "wiki_articles" USING btree ("locale", "section", "published_at");
--> statement-breakpoint
CREATE INDEX "wiki_articles_search_idx" ON "wiki_articles" USING gin ("search");
--> statement-breakpoint
CREATE INDEX "wiki_articles_tags_idx" ON "wiki_articles" USING gin ("tags");
--> statement-breakpoint
CREATE TABLE "wiki_images" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "mime" text NOT NULL,
  "size" integer NOT NULL,
  "sha256" text NOT NULL,
  "bytes" bytea NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_videos" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "provider" text NOT NULL CHECK ("provider" IN ('youtube', 'vimeo', 'file')),
  "external_id" text,
  "file_url" text,
  "poster_image_id" integer,
  "duration" integer,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_reads" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_seeds" (
  "group_key" text NOT NULL,
  "locale" text NOT NULL,
  "loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("group_key", "locale")
);
--> statement-breakpoint
CREATE TABLE "wiki_mails" (
  "group_key" text NOT NULL,
  "mailing_id" integer NOT NULL REFERENCES "mailings"("id") ON DELETE CASCADE,
  "article_id" integer NOT NULL,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("group_key", "mailing_id")
);
--> statement-breakpoint
CREATE INDEX "wiki_mails_pending_idx" ON "wiki_mails" USING btree ("sent_at");
