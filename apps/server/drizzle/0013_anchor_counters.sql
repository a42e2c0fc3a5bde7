-- The anchors page's counts from link_counters too: each backlink also counts its anchor text
-- (`bl_anchor`, so distinct anchors are the keys with a positive sum), and each link with one backlink
-- or more counts once (`bl_links`).
CREATE FUNCTION backlink_counter_keys(type_id smallint, attribute text, anchor text)
RETURNS TABLE (kind text, key text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('bl_type', type_id::text), ('bl_attr', attribute), ('bl_anchor', anchor)
$$;
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
    -- The cascade deletes the links' backlinks after this trigger; their trigger reads the scope here.
    INSERT INTO link_counter_gone (link_id, campaign_id, list_type, tier, user_id, project_id)
    SELECT id, campaign_id, list_type, tier, user_id, project_id FROM old_table
    ON CONFLICT (link_id) DO UPDATE SET campaign_id = excluded.campaign_id, list_type = excluded.list_type,
      tier = excluded.tier, user_id = excluded.user_id, project_id = excluded.project_id;
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, -count(*) AS n
      FROM old_table l
      CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) x;
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
    -- Deleted with their link (the cascade), backlinks find its scope in link_counter_gone.
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
    DELETE FROM link_counter_gone;
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
CREATE OR REPLACE FUNCTION link_counters_computed()
RETURNS TABLE (campaign_id integer, list_type smallint, tier smallint, kind text, key text, user_id integer, project_id integer, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT l.campaign_id, l.list_type, l.tier, k.kind, k.key, l.user_id, l.project_id, count(*)
  FROM links l
  CROSS JOIN LATERAL link_counter_keys(l.indexing, l.indexing_capability_id, l.response_code, l.response_code_group, l.check_status) k
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
DROP FUNCTION backlink_counter_keys(smallint, text);
--> statement-breakpoint
SELECT link_counters_rebuild();
