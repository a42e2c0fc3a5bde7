import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import {
  CRAWLER_UPLOAD_EXTENSIONS,
  CRAWLER_UPLOAD_MAX_ROWS,
  type CrawlerFileFormat,
} from '@linkwatch/shared';
import { parse } from 'csv-parse';
import { FieldError } from '../../errors.ts';
import { checkFirstData, detectLayout, type Layout, toCrawlerRow } from './crawler-formats.ts';
import { readSheet, SHEET_LIMITS, type SheetRefusal } from './crawler-sheet.ts';
import type { CrawlerRow } from './crawlers.import.ts';

/**
 * An uploaded crawler file (saved to a temporary file as it arrived) as crawler rows. CSV and TSV are
 * streamed: decoded (UTF-8, or UTF-16 with its BOM as Ahrefs saves it), parsed and handed on row by
 * row, so memory does not grow with the file. A workbook is read whole, in a worker (crawler-sheet.ts).
 */
export interface CrawlerFile {
  format: CrawlerFileFormat;
  rows: AsyncIterable<CrawlerRow>;
}

interface FileRecord {
  row: number;
  cells: string[];
}

type Extension = (typeof CRAWLER_UPLOAD_EXTENSIONS)[number];

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEAD_BYTES = 64 * 1024;

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

/** UTF-16 by its BOM (or by the zero bytes of ASCII text without one), else UTF-8. */
function encodingOf(head: Buffer): 'utf-16le' | 'utf-16be' | 'utf-8' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) return 'utf-16le';
  return 'utf-8';
}

/** The separator the first line uses most: tab (Ahrefs' UTF-16 export), comma or semicolon (Excel in many locales). */
function delimiterOf(firstLine: string): string {
  const counts = ['\t', ',', ';'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

async function* decode(filePath: string, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  // 64 KB at a time: parsing a chunk holds the event loop for a few milliseconds, never long.
  for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text.includes('\u0000')) throw fileError('unreadable', { format: 'csv' });
    yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

async function* csvRecords(filePath: string, head: Buffer): AsyncGenerator<FileRecord> {
  const encoding = encodingOf(head);
  const headText = new TextDecoder(encoding).decode(head);
  const delimiter = delimiterOf(headText.split(/\r\n|\n|\r/)[0] ?? '');
  // Blank lines are records too (of one empty cell), so a record's number is its row in a spreadsheet.
  const parser = parse({ delimiter, bom: true, relax_quotes: true, relax_column_count: true });
  // The parser is read below; an error of the file or the decoder destroys it, and the loop throws.
  pipeline(Readable.from(decode(filePath, encoding)), parser, () => undefined);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof FieldError) throw error;
    throw fileError('unreadable', { format: 'csv' });
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
  async function* rows(): AsyncGenerator<CrawlerRow> {
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
    return layoutRows(csvRecords(file.path, head));
  }
  if (!isZip && !isOle) throw fileError('unreadable', { format: ext });
  return layoutRows(sheetRecords(file.path, ext, isZip));
}
