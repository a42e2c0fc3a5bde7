CREATE TABLE "link_counters" (
	"campaign_id" integer NOT NULL,
	"list_type" smallint NOT NULL,
	"tier" smallint NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"shard" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "link_counters_pkey" PRIMARY KEY("campaign_id","list_type","tier","kind","key","shard","user_id","project_id")
);
--> statement-breakpoint
CREATE INDEX "link_counters_project_idx" ON "link_counters" USING btree ("project_id","list_type");--> statement-breakpoint
CREATE INDEX "link_counters_user_idx" ON "link_counters" USING btree ("user_id","list_type");--> statement-breakpoint
-- The scope of links deleted by the running statement, read by the backlinks trigger that the
-- cascade fires afterwards (the links are gone by then); emptied by that trigger.
CREATE UNLOGGED TABLE "link_counter_gone" (
	"link_id" integer PRIMARY KEY,
	"campaign_id" integer NOT NULL,
	"list_type" smallint NOT NULL,
	"tier" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL
);
--> statement-breakpoint
-- What one link adds to its scope's counters: one (kind, key) per figure the links page shows.
CREATE FUNCTION link_counter_keys(indexing smallint, capability smallint, code integer, code_group smallint, check_status smallint)
RETURNS TABLE (kind text, key text) LANGUAGE sql IMMUTABLE AS $$
  SELECT k.kind, k.key FROM (VALUES
    ('links', ''),
    ('indexing', indexing::text),
    ('capability', capability::text),
    ('code', code::text),
    ('code_group', code_group::text),
    ('good', CASE WHEN code BETWEEN 200 AND 299 THEN '' END),
    ('bad', CASE WHEN (code IS NOT NULL AND code NOT BETWEEN 200 AND 299) OR code_group IS NOT NULL THEN '' END),
    ('unchecked', CASE WHEN code IS NULL AND code_group IS NULL THEN '' END),
    ('status', check_status::text)
  ) AS k(kind, key) WHERE k.key IS NOT NULL
$$;
--> statement-breakpoint
-- What one backlink adds to the counters of its link's scope.
CREATE FUNCTION backlink_counter_keys(type_id smallint, attribute text)
RETURNS TABLE (kind text, key text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('bl_type', type_id::text), ('bl_attr', attribute)
$$;
--> statement-breakpoint
-- Statement-level triggers, with the statement's rows. Their functions are placeholders here: the
-- migrate step defines them from drizzle/functions/counters.sql after the migrations, in their transaction.
CREATE FUNCTION link_counters_on_links() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE FUNCTION link_counters_on_backlinks() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER link_counters_insert AFTER INSERT ON links REFERENCING NEW TABLE AS new_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_links();
--> statement-breakpoint
CREATE TRIGGER link_counters_update AFTER UPDATE ON links REFERENCING OLD TABLE AS old_table NEW TABLE AS new_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_links();
--> statement-breakpoint
CREATE TRIGGER link_counters_delete AFTER DELETE ON links REFERENCING OLD TABLE AS old_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_links();
--> statement-breakpoint
CREATE TRIGGER link_counters_insert AFTER INSERT ON backlinks REFERENCING NEW TABLE AS new_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_backlinks();
--> statement-breakpoint
CREATE TRIGGER link_counters_update AFTER UPDATE ON backlinks REFERENCING OLD TABLE AS old_table NEW TABLE AS new_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_backlinks();
--> statement-breakpoint
CREATE TRIGGER link_counters_delete AFTER DELETE ON backlinks REFERENCING OLD TABLE AS old_table
  FOR EACH STATEMENT EXECUTE FUNCTION link_counters_on_backlinks();
--> statement-breakpoint
-- The counters as the rows are now, from scratch (one shard): what the triggers must have kept.
CREATE FUNCTION link_counters_computed()
RETURNS TABLE (campaign_id integer, list_type smallint, tier smallint, kind text, key text, user_id integer, project_id integer, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*)
  FROM links l
  CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  UNION ALL
  SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*)
  FROM backlinks b JOIN links l ON l.id = b.link_id
  CROSS JOIN LATERAL backlink_counter_keys(b.type_id, b.attribute) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;
--> statement-breakpoint
-- Replaces every counter with link_counters_computed(): after a load that skipped triggers.
CREATE FUNCTION link_counters_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM link_counters;
  INSERT INTO link_counters (campaign_id, list_type, tier, kind, key, shard, user_id, project_id, n)
  SELECT c.campaign_id, c.list_type, c.tier, c.kind, c.key, 0, c.user_id, c.project_id, c.n FROM link_counters_computed() c;
$$;
--> statement-breakpoint
-- Links that exist before this migration.
SELECT link_counters_rebuild();
