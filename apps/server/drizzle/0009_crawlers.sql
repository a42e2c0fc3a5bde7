CREATE TABLE "crawler_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crawler_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"rip" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawler_item_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crawler_item_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"import_id" integer,
	"status" smallint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawler_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crawler_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"crawler_link_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"status" smallint NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"target_url" text,
	"anchor" text,
	"nofollow" boolean,
	"seen_on" date,
	"last_import_id" integer
);
--> statement-breakpoint
CREATE TABLE "crawler_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crawler_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"url" text NOT NULL,
	"url_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "crawler_item_id" integer;--> statement-breakpoint
ALTER TABLE "crawler_imports" ADD CONSTRAINT "crawler_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_imports" ADD CONSTRAINT "crawler_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_item_events" ADD CONSTRAINT "crawler_item_events_item_id_crawler_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."crawler_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_item_events" ADD CONSTRAINT "crawler_item_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_item_events" ADD CONSTRAINT "crawler_item_events_import_id_crawler_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."crawler_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_items" ADD CONSTRAINT "crawler_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_items" ADD CONSTRAINT "crawler_items_crawler_link_id_crawler_links_id_fk" FOREIGN KEY ("crawler_link_id") REFERENCES "public"."crawler_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_items" ADD CONSTRAINT "crawler_items_last_import_id_crawler_imports_id_fk" FOREIGN KEY ("last_import_id") REFERENCES "public"."crawler_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_links" ADD CONSTRAINT "crawler_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawler_imports_project_idx" ON "crawler_imports" USING btree ("project_id","source","id");--> statement-breakpoint
CREATE INDEX "crawler_item_events_item_idx" ON "crawler_item_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "crawler_item_events_project_idx" ON "crawler_item_events" USING btree ("project_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "crawler_items_link_source_unique" ON "crawler_items" USING btree ("crawler_link_id","source");--> statement-breakpoint
CREATE INDEX "crawler_items_project_idx" ON "crawler_items" USING btree ("project_id","source","status");--> statement-breakpoint
CREATE INDEX "crawler_items_project_first_seen_idx" ON "crawler_items" USING btree ("project_id","first_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "crawler_links_project_url_unique" ON "crawler_links" USING btree ("project_id","url_key");--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_crawler_item_id_crawler_items_id_fk" FOREIGN KEY ("crawler_item_id") REFERENCES "public"."crawler_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_items_crawler_item_idx" ON "action_items" USING btree ("crawler_item_id") WHERE crawler_item_id is not null;