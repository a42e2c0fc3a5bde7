CREATE TABLE "index_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "index_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"provider" text NOT NULL,
	"price" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"recheck_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "skipped" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "index_now_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "index_now_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "index_requests" ADD CONSTRAINT "index_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_requests" ADD CONSTRAINT "index_requests_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_requests" ADD CONSTRAINT "index_requests_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "index_requests_due_idx" ON "index_requests" USING btree ("recheck_at") WHERE state < 2;