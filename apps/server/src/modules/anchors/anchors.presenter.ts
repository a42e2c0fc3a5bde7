import { type Locale, REL_ATTRIBUTES, type TKeyValueTitle } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { CellValue } from '../../lib/spreadsheet.ts';
import { linkTexts } from '../links/links.presenter.ts';
import type { AnchorRelatedRow, AnchorSummary, anchorLinks } from './anchors.queries.ts';

type AnchorLinkRow = Awaited<ReturnType<typeof anchorLinks>>['rows'][number];

export function presentAnchor(
  row: AnchorSummary,
  options: { locale: Locale; campaignNames: Map<number, string>; related: AnchorRelatedRow[] },
) {
  const t = linkTexts(options.locale);
  const linkIds = [...new Set(options.related.map((r) => r.linkId))];
  return {
    id: row.id,
    type: 'anchors' as const,
    attributes: {
      anchor: row.anchor,
      countLinks: row.countLinks,
      countBacklinks: row.countBacklinks,
      countAnchor: row.share ?? 0,
      indexed: row.indexed,
      acceptors: row.acceptors,
      campaigns: row.campaignIds.map((id) => ({ id, name: options.campaignNames.get(id) ?? '' })),
      attributes: row.attributes,
      typeIds: row.typeIds,
      typeTexts: row.typeIds.map(t.backlinkType),
    },
    relationships: {
      links: {
        data: linkIds.map((id) => ({ id, type: 'links' as const })),
        meta: { total: row.countLinks },
      },
      backlinks: {
        data: options.related.map((r) => ({ id: r.id, type: 'backlinks' as const })),
        meta: { total: row.countBacklinks },
      },
    },
  };
}

/** The pages and backlinks the anchors of a page point to, once each, for `included`. */
export function presentAnchorIncluded(related: AnchorRelatedRow[], locale: Locale) {
  const t = linkTexts(locale);
  const pages = new Map(
    related.map((r) => [
      r.linkId,
      {
        id: r.linkId,
        type: 'links' as const,
        attributes: {
          url: r.url,
          indexing: r.indexing,
          indexingText: t.indexing(r.indexing),
          tier: r.tier,
          campaignId: r.campaignId,
        },
      },
    ]),
  );
  const backlinkResources = related.map((r) => ({
    id: r.id,
    type: 'backlinks' as const,
    attributes: {
      anchor: r.anchor,
      acceptor: r.href,
      attribute: r.attribute,
      typeId: r.typeId,
      typeText: t.backlinkType(r.typeId),
    },
    relationships: { link: { data: { id: r.linkId, type: 'links' as const } } },
  }));
  return [...pages.values(), ...backlinkResources];
}

export function presentAnchorLink(row: AnchorLinkRow, locale: Locale) {
  const t = linkTexts(locale);
  return {
    id: row.backlink.id,
    type: 'anchorLinks' as const,
    attributes: {
      anchor: row.backlink.anchor,
      linkId: row.backlink.linkId,
      url: row.url,
      indexing: row.indexing,
      indexingText: t.indexing(row.indexing),
      acceptor: row.backlink.href,
      campaignId: row.campaignId,
      campaignName: row.campaignName,
      attribute: row.backlink.attribute,
      typeId: row.backlink.typeId,
      typeText: t.backlinkType(row.backlink.typeId),
      tier: row.tier,
    },
  };
}

/** Known keys first, in spec order and with zeros; anything else found after them. */
export function keyed<K extends string | number>(
  keys: readonly K[],
  counts: Map<string | number, number>,
  title: (key: K) => string,
): TKeyValueTitle[] {
  const extra = [...counts.keys()].filter((k) => !(keys as readonly (string | number)[]).includes(k)) as K[];
  return [...keys, ...extra].map((key) => ({ key, value: counts.get(key) ?? 0, title: title(key) }));
}

export const relKeys = REL_ATTRIBUTES;

export const anchorTitle = (anchor: string, locale: Locale) =>
  anchor.trim() === '' ? translate(locale, 'links.noAnchor') : anchor;

const EXPORT_COLUMNS = [
  'anchor',
  'countLinks',
  'countBacklinks',
  'share',
  'indexed',
  'acceptors',
  'campaigns',
  'attributes',
  'types',
] as const;

export const anchorExportHeader = (locale: Locale): CellValue[] =>
  EXPORT_COLUMNS.map((c) => translate(locale, `links.anchorColumns.${c}`));

export function anchorExportRow(
  row: AnchorSummary,
  options: { locale: Locale; campaignNames: Map<number, string> },
): CellValue[] {
  const t = linkTexts(options.locale);
  return [
    row.anchor,
    row.countLinks,
    row.countBacklinks,
    row.share ?? 0,
    row.indexed,
    row.acceptors.join(' | '),
    row.campaignIds.map((id) => options.campaignNames.get(id) ?? id).join(', '),
    row.attributes.join(', '),
    row.typeIds.map(t.backlinkType).join(', '),
  ];
}
