CREATE TABLE "domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"domain" text NOT NULL,
	"da" smallint,
	"moz_rank" real,
	"spam_score" smallint,
	"page_rank_decimal" real,
	"page_rank" integer,
	"sem_rush_rank" bigint,
	"sem_rush_traffic" bigint,
	"sem_rush_keywords" bigint,
	"sem_rush_links" bigint,
	"links_in" bigint,
	"referring_page" bigint,
	"providers" text,
	"date_check_authority" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_user_domain_unique" ON "domains" USING btree ("user_id","domain");