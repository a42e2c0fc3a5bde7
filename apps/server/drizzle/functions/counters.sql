-- The link and anchor counter functions (link_counters, the links and anchors pages' figures): their
-- one source. The migrate step (src/db/migrate.ts) applies this file after the migrations, in the same
-- transaction when there are migrations to apply, and on every start: a change to a function is an
-- edit here, not a migration re-pasting its body (docs/database.md). Every statement is idempotent.
--
-- The counter triggers' settings are part of their definitions (CREATE OR REPLACE resets settings):
-- - jit = off: PostgreSQL cannot see how few rows a transition table holds when it plans, and its
--   estimate could start JIT compilation on every statement (a one-link update paid ~14 ms, not 0.6).
-- - plan_cache_mode = force_generic_plan: planned once per backend, not for each of their first five
--   runs; on the embedded database (one backend for the server's life) planning them made the first
--   steps of its first upload take up to a second each. Their plans do not depend on the values.

-- What one link adds to its scope's counters: one (kind, key) per figure the links page shows.
CREATE OR REPLACE FUNCTION link_counter_keys(indexing smallint, capability smallint, code integer, code_group smallint, check_status smallint)
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
-- links/chart's "added" series: links per UTC day of their creation, one more kind of counter
-- ('added', key 'YYYY-MM-DD'), so the chart reads 30 rows instead of every link of the last 30 days.
CREATE OR REPLACE FUNCTION link_counter_keys(indexing smallint, capability smallint, code integer, code_group smallint, check_status smallint, added date)
RETURNS TABLE (kind text, key text) LANGUAGE sql STABLE AS $$
  SELECT k.kind, k.key FROM link_counter_keys(indexing, capability, code, code_group, check_status) k
  UNION ALL
  SELECT 'added', to_char(added, 'YYYY-MM-DD')
$$;
--> statement-breakpoint
-- The anchors page's counts from link_counters too: each backlink also counts its anchor text
-- (`bl_anchor`, so distinct anchors are the keys with a positive sum), and each link with one backlink
-- or more counts once (`bl_links`).
CREATE OR REPLACE FUNCTION backlink_counter_keys(type_id smallint, attribute text, anchor text)
RETURNS TABLE (kind text, key text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('bl_type', type_id::text), ('bl_attr', attribute), ('bl_anchor', anchor)
$$;
--> statement-breakpoint
-- Adds signed deltas (+1 a row counted, -1 a row no longer counted) into this backend's shard. Rows
-- are taken in key order so two writers sharing a shard lock counter rows in the same order.
CREATE OR REPLACE FUNCTION link_counters_add(deltas jsonb) RETURNS void LANGUAGE sql
SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
  INSERT INTO link_counters (campaign_id, list_type, tier, kind, key, shard, user_id, project_id, n)
  SELECT d.campaign_id, d.list_type, d.tier, d.kind, d.key, (pg_backend_pid() % 8)::smallint, d.user_id, d.project_id, d.n
  FROM jsonb_to_recordset(deltas) AS d(campaign_id integer, list_type smallint, tier smallint, kind text, key text, user_id integer, project_id integer, n bigint)
  ORDER BY 1, 2, 3, 4, 5, 7, 8
  ON CONFLICT (campaign_id, list_type, tier, kind, key, shard, user_id, project_id)
  DO UPDATE SET n = link_counters.n + excluded.n
$$;
--> statement-breakpoint
-- Statement-level, with the statement's rows: a million-row upload or delete costs one grouped pass.
-- The links are grouped by the columns their counters read (their creation day too: a check result
-- changes no link's day, so its old and new rows still cancel out; an upload's links are one group).
CREATE OR REPLACE FUNCTION link_counters_on_links() RETURNS trigger LANGUAGE plpgsql
SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
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
-- `bl_links` moves when a link goes from no backlinks to some (+1) or from some to none (-1): its
-- count now against the statement's change to it tells which.
CREATE OR REPLACE FUNCTION link_counters_on_backlinks() RETURNS trigger LANGUAGE plpgsql
SET jit = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*) AS n
      FROM new_table b JOIN links l ON l.id = b.link_id
      CROSS JOIN LATERAL backlink_counter_keys(b.type_id, b.attribute, b.anchor) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT l.campaign_id, l.list_type, l.tier, 'bl_links', '', l.user_id, l.project_id, count(*) AS n
      FROM (SELECT link_id, count(*) AS added FROM new_table GROUP BY 1) c
      JOIN links l ON l.id = c.link_id
      WHERE (SELECT count(*) FROM backlinks b WHERE b.link_id = c.link_id) = c.added
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    -- Deleted with their link (a cascade), backlinks find its scope in link_counter_gone, or, when
    -- this trigger runs before the links' one, wait in link_counter_orphans for it.
    INSERT INTO link_counter_orphans (link_id, type_id, attribute, anchor)
    SELECT b.link_id, b.type_id, b.attribute, b.anchor FROM old_table b
    WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.id = b.link_id)
      AND NOT EXISTS (SELECT 1 FROM link_counter_gone g WHERE g.link_id = b.link_id);
    SELECT jsonb_agg(x) INTO deltas FROM (
      WITH removed AS (
        SELECT b.link_id, b.type_id, b.attribute, b.anchor, s.campaign_id, s.list_type, s.tier, s.user_id, s.project_id
        FROM old_table b
        JOIN LATERAL (
          SELECT l.campaign_id, l.list_type, l.tier, l.user_id, l.project_id FROM links l WHERE l.id = b.link_id
          UNION ALL
          SELECT g.campaign_id, g.list_type, g.tier, g.user_id, g.project_id FROM link_counter_gone g WHERE g.link_id = b.link_id
          LIMIT 1
        ) s ON true
      )
      SELECT r.campaign_id, r.list_type, r.tier, k.kind, k.key, r.user_id, r.project_id, -count(*) AS n
      FROM removed r
      CROSS JOIN LATERAL backlink_counter_keys(r.type_id, r.attribute, r.anchor) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT r.campaign_id, r.list_type, r.tier, 'bl_links', '', r.user_id, r.project_id, -count(DISTINCT r.link_id) AS n
      FROM removed r
      WHERE NOT EXISTS (SELECT 1 FROM backlinks b WHERE b.link_id = r.link_id)
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      WITH changed AS (SELECT *, 1 AS sign FROM new_table UNION ALL SELECT *, -1 AS sign FROM old_table)
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, sum(b.sign) AS n
      FROM changed b
      JOIN links l ON l.id = b.link_id
      CROSS JOIN LATERAL backlink_counter_keys(b.type_id, b.attribute, b.anchor) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(b.sign) <> 0
      UNION ALL
      SELECT l.campaign_id, l.list_type, l.tier, 'bl_links', '', l.user_id, l.project_id,
        sum(CASE WHEN c.now > 0 AND c.now = c.delta THEN 1 WHEN c.now = 0 AND c.delta < 0 THEN -1 ELSE 0 END) AS n
      FROM (
        SELECT p.link_id, p.delta, (SELECT count(*) FROM backlinks b WHERE b.link_id = p.link_id) AS now
        FROM (SELECT link_id, sum(sign) AS delta FROM changed GROUP BY 1) p
      ) c
      JOIN links l ON l.id = c.link_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(CASE WHEN c.now > 0 AND c.now = c.delta THEN 1 WHEN c.now = 0 AND c.delta < 0 THEN -1 ELSE 0 END) <> 0
    ) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM link_counters_add(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The counters as the rows are now, from scratch (one shard): what the triggers must have kept.
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
-- Replaces every counter with link_counters_computed(): after a load that skipped triggers.
CREATE OR REPLACE FUNCTION link_counters_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM link_counters;
  INSERT INTO link_counters (campaign_id, list_type, tier, kind, key, shard, user_id, project_id, n)
  SELECT c.campaign_id, c.list_type, c.tier, c.kind, c.key, 0, c.user_id, c.project_id, c.n FROM link_counters_computed() c;
$$;
