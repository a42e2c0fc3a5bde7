import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { stringify } from 'csv-stringify/sync';

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

/** Rows per call of csv-stringify: it sets itself up on every call, which a million single rows pay a million times. */
const ROWS_PER_PIECE = 1000;

/** Rows as CSV text (formulas escaped, records ending in \n), by csv-stringify. */
const csvPiece = (rows: CellValue[][]) => stringify(rows.map(escapeRow));

/** A few rows as CSV text, the same way; with `bom` first when they open a file. */
export const csvRows = (rows: CellValue[][], options: { bom?: boolean } = {}) =>
  (options.bom ? BOM : '') + csvPiece(rows);

async function* csvText(rows: AsyncIterable<CellValue[]>): AsyncGenerator<string> {
  yield BOM;
  let piece: CellValue[][] = [];
  for await (const row of rows) {
    piece.push(row);
    if (piece.length === ROWS_PER_PIECE) {
      yield csvPiece(piece);
      piece = [];
    }
  }
  if (piece.length > 0) yield csvPiece(piece);
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
