CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_user_name_unique" ON "categories" USING btree ("user_id",lower("name"));
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "category_id" integer;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "projects_category_idx" ON "projects" USING btree ("category_id");
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "weekdays" smallint[] DEFAULT '{1,2,3,4,5,6,7}'::smallint[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "time" text DEFAULT '00:00' NOT NULL;
--> statement-breakpoint
-- The time of day moves from each schedule to its campaign: the campaign keeps its latest saved one.
UPDATE "campaigns" c SET "time" = s."time"
FROM (SELECT DISTINCT ON ("campaign_id") "campaign_id", "time" FROM "schedules" ORDER BY "campaign_id", "updated_at" DESC) s
WHERE s."campaign_id" = c."id";
--> statement-breakpoint
ALTER TABLE "schedules" DROP COLUMN "time";
