import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import type { SheetReadRequest, SheetReadResult } from './spreadsheet-read.ts';
import { checkContent } from './xlsx-archive.ts';

/**
 * Runs in a worker thread with its own memory limit (see spreadsheet-read.ts): parsing a workbook is
 * synchronous and can take seconds and hundreds of MB, which the API's event loop must never pay.
 */
type Cell = XLSX.CellObject & { l?: { Target?: string } };

/** The cell's text; a hyperlink cell whose text is not an address gives its link target. */
function cellValue(cell: Cell | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  const text = String(cell.v).trim();
  const target = cell.l?.Target?.trim();
  return target && !/[./]/.test(text) ? target : text;
}

function readFirstColumn({ content, isZip, limits }: SheetReadRequest): SheetReadResult {
  if (isZip) {
    const verdict = checkContent(content, limits);
    if (verdict !== 'ok') return { ok: false, reason: verdict };
  }
  let workbook: XLSX.WorkBook;
  try {
    // sheetRows stops reading one row past the limit; `!fullref` still tells the real size. Only the
    // first sheet is parsed, and cells keep their values without the formatted text or formula.
    workbook = XLSX.read(content, {
      type: 'array',
      dense: true,
      sheets: 0,
      sheetRows: limits.maxLines + 1,
      cellHTML: false,
      cellText: false,
      cellFormula: false,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const sheet = workbook.SheetNames.length > 0 ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) return { ok: true, entries: [] };
  const fullRange = sheet['!fullref'] ?? sheet['!ref'];
  if (fullRange && XLSX.utils.decode_range(fullRange).e.r + 1 > limits.maxLines)
    return { ok: false, reason: 'tooManyLines' };
  const rows = (sheet['!data'] ?? []) as (Cell[] | undefined)[];
  const entries: SheetReadResult & { ok: true } = { ok: true, entries: [] };
  rows.forEach((row, index) => {
    const value = cellValue(row?.[0]);
    if (value !== '') entries.entries.push({ line: index + 1, value });
  });
  return entries;
}

// Booted ahead (spreadsheet-read.ts): the one request it serves arrives as a message.
parentPort?.once('message', (request: SheetReadRequest) => parentPort?.postMessage(readFirstColumn(request)));
