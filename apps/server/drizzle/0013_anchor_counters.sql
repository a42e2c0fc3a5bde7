-- The anchors page's counts from link_counters too: each backlink also counts its anchor text
-- (`bl_anchor`, so distinct anchors are the keys with a positive sum), and each link with one backlink
-- or more counts once (`bl_links`). The triggers that keep them: drizzle/functions/counters.sql.
CREATE FUNCTION backlink_counter_keys(type_id smallint, attribute text, anchor text)
RETURNS TABLE (kind text, key text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('bl_type', type_id::text), ('bl_attr', attribute), ('bl_anchor', anchor)
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
