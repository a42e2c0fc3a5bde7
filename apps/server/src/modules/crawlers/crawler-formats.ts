import { type CrawlerFileFormat, normalizeUrl } from '@linkwatch/shared';
import { FieldError } from '../../errors.ts';
import { readDate } from './crawler-dates.ts';
import type { FileRow } from './crawlers.import.ts';

/**
 * Which kind of export a file is, told by its header row whatever the order of its columns, and how
 * one of its rows reads as a crawler row. Pure: the csv reader and the spreadsheet worker share it.
 *
 * Headers are compared lower-cased, with spaces collapsed. Google Search Console names its columns in
 * the account's language; the ru and uk words are matched by their stems, as Google has worded them
 * differently over time ("Ссылающаяся страница" / "Страница со ссылкой", "Последнее сканирование").
 */
export type Role =
  | 'url'
  | 'target'
  | 'anchor'
  | 'nofollow'
  | 'linkType'
  | 'firstSeen'
  | 'lastSeen'
  | 'lost'
  | 'date';

export interface Layout {
  format: CrawlerFileFormat;
  /** 1 when the first row is a header, 0 when it is already data (the spec's two columns, bare). */
  headerRows: number;
  columns: Partial<Record<Role, number>>;
  /** The header text of each column used, to name it in an error. */
  names: Partial<Record<Role, string>>;
}

type Matcher = (header: string) => boolean;
const is =
  (...names: string[]): Matcher =>
  (h) =>
    names.includes(h);
const all =
  (...patterns: RegExp[]): Matcher =>
  (h) =>
    patterns.every((p) => p.test(h));
const any =
  (...matchers: Matcher[]): Matcher =>
  (h) =>
    matchers.some((m) => m(h));

interface FormatSpec {
  format: CrawlerFileFormat;
  /** Every one of these roles must be found for the format to match. */
  requires: Role[];
  roles: Partial<Record<Role, Matcher>>;
}

// The order matters: the first format whose required columns are all there wins.
const FORMATS: FormatSpec[] = [
  {
    format: 'ahrefsLegacy',
    requires: ['url', 'target'],
    roles: {
      url: is('referring page url'),
      target: is('link url'),
      anchor: is('link anchor'),
      nofollow: is('nofollow'),
      linkType: is('type'),
      firstSeen: is('first seen'),
      lastSeen: is('last check', 'last seen'),
      lost: is('date lost', 'lost'),
    },
  },
  {
    format: 'ahrefs',
    requires: ['url', 'target'],
    roles: {
      url: is('referring page url'),
      target: is('target url'),
      anchor: is('anchor'),
      nofollow: is('nofollow'),
      linkType: is('link type'),
      firstSeen: is('first seen'),
      lastSeen: is('last seen'),
      lost: is('lost'),
    },
  },
  {
    format: 'majestic',
    requires: ['url', 'target', 'firstSeen'],
    roles: {
      url: is('source url'),
      target: is('target url'),
      anchor: is('anchor text'),
      nofollow: is('flag nofollow'),
      firstSeen: is('first indexed'),
      lastSeen: is('last seen'),
      lost: is('date lost'),
    },
  },
  {
    format: 'semrush',
    requires: ['url', 'target'],
    roles: {
      url: is('source url'),
      target: is('target url'),
      anchor: is('anchor'),
      nofollow: is('nofollow'),
      firstSeen: is('first seen'),
      lastSeen: is('last seen'),
    },
  },
  {
    format: 'gscTopSites',
    requires: ['url', 'target'],
    roles: {
      url: is('site', 'сайт', 'linking site', 'linking sites'),
      // Not a target here: the count of linking pages tells this table from any other with a "Site".
      target: any(is('linking pages'), all(/страниц/, /ссыл/), all(/сторінк/, /посила/)),
    },
  },
  {
    format: 'gscLatestLinks',
    requires: ['url'],
    roles: {
      url: any(is('linking page'), all(/страниц/, /ссыл/), all(/сторінк/, /посила/)),
      date: any(is('last crawled'), all(/сканир/), all(/сканув/)),
    },
  },
];

const normalHeader = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

const fileError = (key: string, params?: Record<string, string | number>) =>
  new FieldError({ file: { key: `crawlers.upload.${key}`, params } });

function matchFormat(spec: FormatSpec, headers: string[], raw: string[]): Layout | undefined {
  const columns: Partial<Record<Role, number>> = {};
  const names: Partial<Record<Role, string>> = {};
  for (const [role, matcher] of Object.entries(spec.roles) as [Role, Matcher][]) {
    const index = headers.findIndex((h) => matcher(h));
    if (index < 0) continue;
    columns[role] = index;
    names[role] = raw[index].trim();
  }
  if (!spec.requires.every((role) => columns[role] !== undefined)) return undefined;
  if (spec.format === 'gscTopSites') {
    delete columns.target;
    delete names.target;
  }
  return { format: spec.format, headerRows: 1, columns, names };
}

/**
 * The layout of a file by its first row. A row of headers no export has is the spec's two columns
 * under any header (links, then a date); a first row that starts with an address is those columns
 * bare. A header row over a first column that holds no address is `noUrlColumn` (see `checkFirstData`).
 */
export function detectLayout(firstRow: string[]): Layout {
  const headers = firstRow.map(normalHeader);
  for (const spec of FORMATS) {
    const layout = matchFormat(spec, headers, firstRow);
    if (layout) return layout;
  }
  const bare = normalizeUrl(firstRow[0]?.trim() ?? '') !== null;
  return {
    format: 'plain',
    headerRows: bare ? 0 : 1,
    columns: { url: 0, date: 1 },
    names: { url: firstRow[0]?.trim() || 'A', date: bare ? 'B' : firstRow[1]?.trim() || 'B' },
  };
}

/** A plain file with a header whose first data row holds no address has no column of links. */
export function checkFirstData(layout: Layout, cells: string[]) {
  if (layout.format !== 'plain' || layout.headerRows === 0) return;
  if (normalizeUrl(cells[0]?.trim() ?? '') === null) throw fileError('noUrlColumn');
}

// Majestic flags with '+'.
const TRUE_WORDS = new Set(['true', 'yes', '1', '+', 'nofollow', 'да', 'так', 'y']);
const FALSE_WORDS = new Set(['false', 'no', '0', '-', 'dofollow', 'follow', 'нет', 'ні', 'n']);

function readFlag(value: string | undefined): boolean | null {
  const word = value?.trim().toLowerCase();
  if (!word) return null;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  // Ahrefs' link type column: "nofollow", "ugc, nofollow"…
  if (/\bnofollow\b/.test(word)) return true;
  if (/\bdofollow\b|\bfollow\b/.test(word)) return false;
  return null;
}

/**
 * One data row (`row`: its number in the file, header included) as a crawler row; null for a blank
 * row, and for one the export itself marks lost (Ahrefs' "Lost", Majestic's "Date Lost"): the tool
 * says the link is gone, so the import reads it as absent. A row whose date does not read is skipped,
 * and named in the answer (the other rows are imported, as the link upload does with its lines).
 */
export function toCrawlerRow(layout: Layout, cells: string[], row: number): FileRow | null {
  const cell = (role: Role) => {
    const index = layout.columns[role];
    return index === undefined ? undefined : cells[index]?.trim();
  };
  const url = cell('url');
  if (!url) return null;
  if (cell('lost')) return null;
  const unread: { value: string; column: string }[] = [];
  const date = (role: Role) => {
    const text = cell(role);
    if (!text) return null;
    const day = readDate(text);
    if (day === undefined) unread.push({ value: text, column: layout.names[role] ?? role });
    return day ?? null;
  };
  const lastSeen = date('lastSeen');
  const plainDate = date('date');
  const firstSeen = date('firstSeen');
  if (unread.length > 0) {
    const { value, column } = unread[0];
    return { line: row, value: value.slice(0, 100), skipped: { kind: 'badDate', column } };
  }
  return {
    line: row,
    url,
    targetUrl: cell('target') || null,
    anchor: cell('anchor') || null,
    nofollow: readFlag(cell('nofollow')) ?? readFlag(cell('linkType')),
    seenOn: lastSeen ?? plainDate ?? firstSeen,
  };
}
