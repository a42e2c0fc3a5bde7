-- An upload commits its links in short transactions, so that on the embedded database (one
-- connection) other users' calls get it between them. Each link carries the upload that added it
-- until the upload ends; a failed upload, or one whose process died (its row's alive_until passed),
-- deletes the links marked with its id. No index: the delete reads the campaign's links.
ALTER TABLE "links" ADD COLUMN "upload_id" integer;
--> statement-breakpoint
CREATE TABLE "link_uploads" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" integer NOT NULL,
  "campaign_id" integer NOT NULL,
  "alive_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- links/chart's "added" series: links per UTC day of their creation, one more kind of counter
-- ('added', key 'YYYY-MM-DD'), so the chart reads 30 rows instead of every link of the last 30 days.
CREATE FUNCTION link_counter_keys(indexing smallint, capability smallint, code integer, code_group smallint, check_status smallint, added date)
RETURNS TABLE (kind text, key text) LANGUAGE sql STABLE AS $$
  SELECT k.kind, k.key FROM link_counter_keys(indexing, capability, code, code_group, check_status) k
  UNION ALL
  SELECT 'added', to_char(added, 'YYYY-MM-DD')
$$;
--> statement-breakpoint
-- As 0017's, the links grouped by their creation day too: a check result changes no link's day, so
-- its old and new rows still cancel out; an upload's links (one day) are still one group.
CREATE OR REPLACE FUNCTION link_counters_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The links are grouped by what their counters read first: an upload of 100,000 alike links
    -- expands one group into its nine keys, not each link.
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, sum(l.n) AS n
      FROM (
        SELECT campaign_id, list_type, tier, user_id, project_id, indexing, indexing_capability_id,
          response_code, response_code_group, check_status, (created_at AT TIME ZONE 'UTC')::date AS added, count(*) AS n
        FROM new_table GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ) l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status, l.added) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    -- Backlinks deleted by the same statement (a cascade) may have their trigger run after this one
    -- (they read the links' scope in link_counter_gone) or before it (they left themselves in
    -- link_counter_orphans, counted off here). Rows of earlier statements are stale: dropped.
    DELETE FROM link_counter_gone WHERE at <> statement_timestamp();
    INSERT INTO link_counter_gone (link_id, campaign_id, list_type, tier, user_id, project_id, at)
    SELECT id, campaign_id, list_type, tier, user_id, project_id, statement_timestamp() FROM old_table
    ON CONFLICT (link_id) DO UPDATE SET campaign_id = excluded.campaign_id, list_type = excluded.list_type,
      tier = excluded.tier, user_id = excluded.user_id, project_id = excluded.project_id, at = excluded.at;
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, -sum(l.n) AS n
      FROM (
        SELECT campaign_id, list_type, tier, user_id, project_id, indexing, indexing_capability_id,
          response_code, response_code_group, check_status, (created_at AT TIME ZONE 'UTC')::date AS added, count(*) AS n
        FROM old_table GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ) l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status, l.added) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, -count(*) AS n
      FROM link_counter_orphans o JOIN old_table l ON l.id = o.link_id
      CROSS JOIN LATERAL backlink_counter_keys(o.type_id, o.attribute, o.anchor) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT l.campaign_id, l.list_type, l.tier, 'bl_links', '', l.user_id, l.project_id, -count(DISTINCT l.id) AS n
      FROM link_counter_orphans o JOIN old_table l ON l.id = o.link_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) x;
    DELETE FROM link_counter_orphans o USING old_table l WHERE o.link_id = l.id;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, sum(l.n) AS n
      FROM (
        SELECT campaign_id, list_type, tier, user_id, project_id, indexing, indexing_capability_id,
          response_code, response_code_group, check_status, (created_at AT TIME ZONE 'UTC')::date AS added, sum(sign) AS n
        FROM (SELECT *, 1 AS sign FROM new_table UNION ALL SELECT *, -1 AS sign FROM old_table) c
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        HAVING sum(sign) <> 0
      ) l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status, l.added) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(l.n) <> 0
    ) x;
    IF deltas IS NOT NULL THEN
      PERFORM link_counters_add(deltas);
      deltas := NULL;
    END IF;
    -- A link moved to another campaign, tab or tier takes its backlinks' counts along. Most updates
    -- (check results) move none: then the backlinks are not read at all.
    IF EXISTS (
      SELECT id, campaign_id, list_type, tier, user_id, project_id FROM old_table
      EXCEPT SELECT id, campaign_id, list_type, tier, user_id, project_id FROM new_table
    ) THEN
      SELECT jsonb_agg(x) INTO deltas FROM (
        WITH moved AS MATERIALIZED (
          -- Set differences, not joins: linear whatever the planner guesses of the transition tables.
          SELECT *, -1 AS sign FROM (
            SELECT id, campaign_id, list_type, tier, user_id, project_id FROM old_table
            EXCEPT SELECT id, campaign_id, list_type, tier, user_id, project_id FROM new_table
          ) gone
          UNION ALL
          SELECT *, 1 AS sign FROM (
            SELECT id, campaign_id, list_type, tier, user_id, project_id FROM new_table
            EXCEPT SELECT id, campaign_id, list_type, tier, user_id, project_id FROM old_table
          ) came
        )
        SELECT m.campaign_id, m.list_type, m.tier, k.kind, k.key, m.user_id, m.project_id, sum(m.sign) AS n
        FROM moved m
        JOIN backlinks b ON b.link_id = m.id
        CROSS JOIN LATERAL backlink_counter_keys(b.type_id, b.attribute, b.anchor) k
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        HAVING sum(m.sign) <> 0
        UNION ALL
        SELECT m.campaign_id, m.list_type, m.tier, 'bl_links', '', m.user_id, m.project_id, sum(m.sign) AS n
        FROM moved m
        WHERE EXISTS (SELECT 1 FROM backlinks b WHERE b.link_id = m.id)
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        HAVING sum(m.sign) <> 0
      ) x;
    END IF;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM link_counters_add(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- CREATE OR REPLACE resets the function's settings: JIT stays off, as 0016 set it.
ALTER FUNCTION link_counters_on_links() SET jit = off;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION link_counters_computed()
RETURNS TABLE (campaign_id integer, list_type smallint, tier smallint, kind text, key text, user_id integer, project_id integer, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*)
  FROM links l
  CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status, (l.created_at AT TIME ZONE 'UTC')::date) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  UNION ALL
  SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*)
  FROM backlinks b JOIN links l ON l.id = b.link_id
  CROSS JOIN LATERAL backlink_counter_keys(b.type_id, b.attribute, b.anchor) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  UNION ALL
  SELECT l.campaign_id, l.list_type, l.tier, 'bl_links', '', l.user_id, l.project_id, count(*)
  FROM links l
  WHERE EXISTS (SELECT 1 FROM backlinks b WHERE b.link_id = l.id)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;
--> statement-breakpoint
-- The links already there: their "added" counts, into shard 0.
INSERT INTO link_counters (campaign_id, list_type, tier, kind, key, shard, user_id, project_id, n)
SELECT campaign_id, list_type, tier, 'added', to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), 0, user_id, project_id, count(*)
FROM links GROUP BY 1, 2, 3, 5, 7, 8;
--> statement-breakpoint
-- The counter triggers' statements are planned once per backend, not for each of their first five
-- runs (a custom plan each, PostgreSQL's default): on the embedded database, one backend for the
-- server's life, planning them made the first steps of its first upload take up to a second each.
-- Their plans do not depend on the values (transition tables, one jsonb of deltas).
ALTER FUNCTION link_counters_on_links() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION link_counters_on_backlinks() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION link_counters_add(jsonb) SET plan_cache_mode = force_generic_plan;
