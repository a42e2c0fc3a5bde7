import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CRAWLER_UPLOAD_EXTENSIONS,
  CRAWLER_UPLOAD_MAX_ROWS,
  type CrawlerFileFormat,
} from '@linkwatch/shared';
import { FieldError } from '../../errors.ts';
import { CSV_LIMITS, type CsvRefusal, CsvRefused, csvRecords } from './crawler-csv.ts';
import { checkFirstData, detectLayout, type Layout, toCrawlerRow } from './crawler-formats.ts';
import { readSheet, SHEET_LIMITS, type SheetRefusal } from './crawler-sheet.ts';
import type { FileRow } from './crawlers.import.ts';

/**
 * An uploaded crawler file (saved to a temporary file as it arrived) as crawler rows, or rows skipped
 * with their reason. Both kinds of file are parsed in worker threads: CSV and TSV a batch of records
 * at a time (crawler-csv.ts), so memory does not grow with the file; a workbook whole (crawler-sheet.ts).
 */
export interface CrawlerFile {
  format: CrawlerFileFormat;
  rows: AsyncIterable<FileRow>;
}

interface FileRecord {
  row: number;
  cells: string[];
}

type Extension = (typeof CRAWLER_UPLOAD_EXTENSIONS)[number];

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Enough to tell a workbook's signature. */
const HEAD_BYTES = 8;

const fileError = (key: string, params?: Record<string, string | number>) =>
  new FieldError({ file: { key: `crawlers.upload.${key}`, params } });

export function extensionOf(filename: string): Extension {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!(CRAWLER_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw fileError('unsupportedType');
  return ext as Extension;
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function csvRefusal(refusal: CsvRefusal, ext: string): FieldError {
  switch (refusal.reason) {
    case 'unreadable':
      return fileError('unreadable', { format: ext });
    case 'tooManyRows':
      return fileError('tooManyRows', { max: CSV_LIMITS.maxRows.toLocaleString('en-US') });
    case 'tooManyColumns':
      return fileError('tooManyColumns', {
        row: refusal.row,
        max: CSV_LIMITS.maxColumns.toLocaleString('en-US'),
      });
    case 'rowTooLong':
      return fileError('rowTooLong', {
        row: refusal.row,
        max: CSV_LIMITS.maxRowChars.toLocaleString('en-US'),
      });
    case 'tooComplex':
      return fileError('tooComplex');
  }
}

/** The CSV or TSV's records, read in a worker thread (crawler-csv.ts); its refusals as 422s. */
async function* textRecords(filePath: string, ext: string): AsyncGenerator<FileRecord> {
  try {
    yield* csvRecords(filePath);
  } catch (error) {
    if (error instanceof CsvRefused) throw csvRefusal(error.refusal, ext);
    throw error;
  }
}

const MB = 1024 * 1024;

function refusal(reason: SheetRefusal, ext: string): FieldError {
  switch (reason) {
    case 'unreadable':
      return fileError('unreadable', { format: ext });
    case 'tooManyRows':
      return fileError('tooManyRows', { max: CRAWLER_UPLOAD_MAX_ROWS.toLocaleString('en-US') });
    case 'unpackedTooLarge':
      return fileError('unpackedTooLarge', { max: SHEET_LIMITS.maxUnpackedBytes / MB });
    case 'tooManyCells':
      return fileError('tooManyCells', { max: SHEET_LIMITS.maxCells.toLocaleString('en-US') });
    case 'tooComplex':
      return fileError('tooComplex');
  }
}

async function* sheetRecords(filePath: string, ext: string, isZip: boolean): AsyncGenerator<FileRecord> {
  const result = await readSheet(await readFile(filePath), isZip);
  if (!result.ok) throw refusal(result.reason, ext);
  yield* result.rows;
}

/** The layout read from the first record, then every data row as a crawler row. */
async function layoutRows(records: AsyncGenerator<FileRecord>): Promise<CrawlerFile> {
  const blank = (record: FileRecord) => record.cells.every((cell) => cell.trim() === '');
  let first = await records.next();
  while (!first.done && blank(first.value)) first = await records.next();
  if (first.done) throw fileError('empty');
  const layout: Layout = detectLayout(first.value.cells);
  async function* rows(): AsyncGenerator<FileRow> {
    let checked = false;
    if (layout.headerRows === 0) {
      checked = true;
      const row = toCrawlerRow(layout, first.value.cells, first.value.row);
      if (row) yield row;
    }
    for await (const record of records) {
      if (blank(record)) continue;
      if (!checked) {
        checkFirstData(layout, record.cells);
        checked = true;
      }
      const row = toCrawlerRow(layout, record.cells, record.row);
      if (row) yield row;
    }
  }
  return { format: layout.format, rows: rows() };
}

/**
 * The file's rows. The extension and the bytes must agree: a workbook renamed .csv, or a text file
 * renamed .xlsx, is refused rather than read as garbage.
 */
export async function readCrawlerFile(file: {
  filename: string;
  path: string;
  size: number;
}): Promise<CrawlerFile> {
  const ext = extensionOf(file.filename);
  if (file.size === 0) throw fileError('empty');
  const head = await readHead(file.path);
  const isZip = head.subarray(0, 4).equals(ZIP_MAGIC);
  const isOle = head.subarray(0, 8).equals(OLE_MAGIC);
  if (ext === 'csv' || ext === 'tsv') {
    if (isZip || isOle) throw fileError('unreadable', { format: ext });
    return layoutRows(textRecords(file.path, ext));
  }
  if (!isZip && !isOle) throw fileError('unreadable', { format: ext });
  return layoutRows(sheetRecords(file.path, ext, isZip));
}
