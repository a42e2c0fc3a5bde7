-- Cascades (a deleted account takes links and backlinks by two paths) do not promise which table's
-- statement trigger runs first: backlinks whose link and scope are both gone wait for the links' trigger.
ALTER TABLE "link_counter_gone" ADD COLUMN "at" timestamptz NOT NULL DEFAULT statement_timestamp();
--> statement-breakpoint
CREATE UNLOGGED TABLE "link_counter_orphans" (
	"link_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"attribute" text NOT NULL,
	"anchor" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "link_counter_orphans_link_idx" ON "link_counter_orphans" ("link_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION link_counters_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*) AS n
      FROM new_table l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
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
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, -count(*) AS n
      FROM old_table l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
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
      WITH moved AS (
        -- A link moved to another campaign, tab or tier takes its backlinks' counts along.
        SELECT o.id, o.campaign_id, o.list_type, o.tier, o.user_id, o.project_id, -1 AS sign
        FROM old_table o JOIN new_table w ON w.id = o.id
        WHERE (o.campaign_id, o.list_type, o.tier, o.user_id, o.project_id) IS DISTINCT FROM (w.campaign_id, w.list_type, w.tier, w.user_id, w.project_id)
        UNION ALL
        SELECT w.id, w.campaign_id, w.list_type, w.tier, w.user_id, w.project_id, 1 AS sign
        FROM old_table o JOIN new_table w ON w.id = o.id
        WHERE (o.campaign_id, o.list_type, o.tier, o.user_id, o.project_id) IS DISTINCT FROM (w.campaign_id, w.list_type, w.tier, w.user_id, w.project_id)
      )
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, sum(l.sign) AS n
      FROM (SELECT *, 1 AS sign FROM new_table UNION ALL SELECT *, -1 AS sign FROM old_table) l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(l.sign) <> 0
      UNION ALL
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
  IF deltas IS NOT NULL THEN
    PERFORM link_counters_add(deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- `bl_links` moves when a link goes from no backlinks to some (+1) or from some to none (-1): its
-- count now against the statement's change to it tells which.
CREATE OR REPLACE FUNCTION link_counters_on_backlinks() RETURNS trigger LANGUAGE plpgsql AS $$
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
SELECT link_counters_rebuild();
