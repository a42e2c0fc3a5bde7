import { z } from 'zod';
import { TIERS } from '../constants.ts';
import {
  ANCHOR_SORT_FIELDS,
  EXPORT_FILE_FORMATS,
  EXPORT_FORMAT_ALIASES,
  EXPORT_FORMAT_DESCRIPTION,
} from './links.ts';
import { pageOf, query } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The anchors page's query strings (`/anchors/{project?}/{tier}`): each call lists the keys it reads,
// filters first, in the order they are checked.
// ---------------------------------------------------------------------------------------------------

const anchorFilterKeys = {
  'filter[tier]': query.number(TIERS).describe('1 or 2'),
  'filter[anchorId]': query
    .match(/^[0-9a-f]{32}$/)
    .describe('md5 id of an anchor (anchors/links), for the empty anchor'),
  'filter[project]': query.id().describe('project id'),
  'filter[campaign]': query.id().describe('campaign id'),
  'filter[query]': query.trimmed().describe('anchor contains'),
  'filter[anchor]': query.text().describe('exact anchor (anchors/links, anchors/chart/info)'),
};
type AnchorFilterInput = z.output<z.ZodObject<typeof anchorFilterKeys>>;

const anchorFilters = (q: AnchorFilterInput) => ({
  project: q['filter[project]'],
  campaign: q['filter[campaign]'],
  tier: q['filter[tier]'],
  query: q['filter[query]'],
  anchor: q['filter[anchor]'],
  anchorId: q['filter[anchorId]'],
});
/** The active links' backlinks the anchors page shows. */
export type AnchorFilters = ReturnType<typeof anchorFilters>;

const anchorSort = () =>
  query
    .sort(ANCHOR_SORT_FIELDS, '-countLinks')
    .describe('countLinks, countBacklinks or anchor; default -countLinks');

/** `GET anchors`: the table. */
export const ZAnchorTableQuery = z
  .object({ ...anchorFilterKeys, ...query.page(), sort: anchorSort() })
  .transform((q) => ({ filters: anchorFilters(q), page: pageOf(q), sort: q.sort }));

/** `GET anchors/links`: the backlinks of one anchor, paged. */
export const ZAnchorLinkListQuery = z
  .object({ ...anchorFilterKeys, ...query.page() })
  .transform((q) => ({ filters: anchorFilters(q), page: pageOf(q) }));

/** The counts, statistic and chart calls: filters only. */
export const ZAnchorFilterQuery = z
  .object(anchorFilterKeys)
  .transform((q) => ({ filters: anchorFilters(q) }));

/** `GET anchors/export`. */
export const ZAnchorExportQuery = z
  .object({
    format: query
      .format(EXPORT_FILE_FORMATS, 'csv', EXPORT_FORMAT_ALIASES)
      .describe(EXPORT_FORMAT_DESCRIPTION),
    ...anchorFilterKeys,
    sort: anchorSort(),
  })
  .transform((q) => ({ format: q.format, filters: anchorFilters(q), sort: q.sort }));
