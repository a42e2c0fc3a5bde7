import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';

/**
 * Writing tables as CSV or XLSX for downloads, shared by the links, anchors and reports exports: the
 * one place that knows how a cell must be escaped before a spreadsheet program opens it. Reading
 * uploads is `spreadsheet-read.ts`, off the event loop.
 */
export type CellValue = string | number | null;

/**
 * A cell that starts with =, +, -, @, tab or CR would run as a formula in Excel or LibreOffice
 * (CSV injection); a leading single quote makes it plain text. Numbers are left as numbers.
 */
export function escapeCell(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const escapeRow = (row: CellValue[]) => row.map(escapeCell);

// The BOM makes Excel read the file as UTF-8 (Cyrillic titles and anchors).
const BOM = '\uFEFF';

/**
 * One cell as csv-stringify writes it by default: null and '' empty, numbers as they print, text
 * quoted (its quotes doubled) when it holds a comma, a quote or a line break. Written by hand
 * because csv-stringify sets itself up anew on every call, which a million rows pay a million times.
 */
function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A record of the CSV, escaped against formulas, ending in \n. */
export function csvLine(row: CellValue[]): string {
  let line = '';
  for (let i = 0; i < row.length; i += 1) {
    if (i > 0) line += ',';
    line += csvCell(escapeCell(row[i]));
  }
  return `${line}\n`;
}

/** Rows are joined into pieces of about this many characters: fewer, larger writes. */
const PIECE_CHARS = 64 * 1024;

async function* csvText(rows: AsyncIterable<CellValue[]>): AsyncGenerator<string> {
  let piece = BOM;
  for await (const row of rows) {
    piece += csvLine(row);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

async function* csvChunkText(chunks: AsyncIterable<CellValue[][]>): AsyncGenerator<string> {
  yield BOM;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += 1000)
      yield chunk
        .slice(i, i + 1000)
        .map(csvLine)
        .join('');
  }
}

/**
 * A CSV stream of the rows, pulled as the reader asks, so a million rows never sit in memory together.
 * One stream, not a `.pipe` chain: a failed query destroys this very stream with its error, which
 * its reader (the HTTP reply, or `pipeline` to the mailed file) sees and handles; `.pipe` would have
 * left the error on a stream nobody listens to, and that kills the process.
 */
export function csvStream(rows: AsyncIterable<CellValue[]>): Readable {
  return Readable.from(csvText(rows));
}

/** The same from rows read in chunks (a query's page at a time), without a promise per row. */
export function csvChunkStream(chunks: AsyncIterable<CellValue[][]>): Readable {
  return Readable.from(csvChunkText(chunks));
}

export function xlsxBuffer(rows: CellValue[][], sheetName: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map(escapeRow));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName.slice(0, 31));
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `attachment` with an ASCII fallback name and the exact name for browsers that read filename*. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}
