// Limits and option lists of the links, upload, export and anchors calls, without zod: a page that
// needs only these (the links table's sort fields, the upload's file types) does not download it.
import { ExportFormat } from '../constants.ts';

/** spec point 9 and the issue: an upload over 20 MB or over 200,000 lines is refused whole. */
export const LINK_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const LINK_UPLOAD_MAX_LINES = 200_000;
export const LINK_UPLOAD_EXTENSIONS = ['txt', 'xlsx', 'xls'] as const;
/**
 * A spreadsheet is read in a worker thread, and only within these bounds, so one file cannot stall or
 * exhaust the API: an xlsx whose archive declares more than the unpacked sizes is refused before
 * anything is inflated, one with more cells than this before the workbook is parsed (a 554 KB file
 * can hold a row of 5 million cells), and a reading that outgrows its memory or time is stopped.
 */
export const LINK_UPLOAD_MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
export const LINK_UPLOAD_MAX_UNPACKED_ENTRY_BYTES = 96 * 1024 * 1024;
export const LINK_UPLOAD_MAX_CELLS = 1_000_000;
export const LINK_UPLOAD_READ_MEMORY_MB = 768;
export const LINK_UPLOAD_READ_SECONDS = 30;
/** Longer URLs are refused per line: browsers and search engines stop around here. */
export const LINK_URL_MAX_LENGTH = 2048;
/** An upload answer lists at most this many invalid lines; `invalidCount` has the full number. */
export const UPLOAD_INVALID_LIST_MAX = 1000;

export const EXPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];
/** spec 4: export formats 1 CSV, 2 XLS, taken by code as well as by name (`xls` is the XLSX workbook). */
export const EXPORT_FORMAT_ALIASES: Readonly<Record<string, ExportFileFormat>> = {
  [ExportFormat.Csv]: 'csv',
  [ExportFormat.Xls]: 'xlsx',
  xls: 'xlsx',
};
export const EXPORT_FORMAT_DESCRIPTION = 'csv or 1 (default); xlsx, xls or 2';
/** An XLSX is built in memory; beyond this many links the export has to be CSV. */
export const XLSX_EXPORT_MAX_ROWS = 100_000;
/** A mailed export can be downloaded for this many days. */
export const EXPORT_DOWNLOAD_DAYS = 7;
/** Days shown by `links/chart`. */
export const LINK_CHART_DAYS = 30;

export const LINK_SORT_FIELDS = [
  'id',
  'url',
  'createdAt',
  'responseCode',
  'indexing',
  'dateCheckData',
  'countBacklinks',
] as const;
export type LinkSortField = (typeof LINK_SORT_FIELDS)[number];

/** `filter[responseCodeGroup]`: the spec's groups 1-4, plus good (2xx) and bad (anything else checked). */
export const RESPONSE_CODE_GROUP_FILTERS = ['1', '2', '3', '4', 'good', 'bad'] as const;

export const ANCHOR_SORT_FIELDS = ['anchor', 'countLinks', 'countBacklinks'] as const;

/** What the spec shows for a metric that was never measured. */
export const NOT_AVAILABLE = 'N/A';
