import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { checkContent } from '../../lib/xlsx-archive.ts';
import type { SheetRequest, SheetResult } from './crawler-sheet.ts';

/** Runs in a worker thread with its own memory limit (crawler-sheet.ts): parsing a workbook blocks. */
type Cell = XLSX.CellObject & { l?: { Target?: string } };

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as YYYY-MM-DD (Excel keeps them as numbers with a date format). */
function cellText(cell: Cell | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.v instanceof Date) {
    const d = cell.v;
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  const text = String(cell.v).trim();
  const target = cell.l?.Target?.trim();
  return target && !/[./]/.test(text) ? target : text;
}

function read({ content, isZip, limits }: SheetRequest): SheetResult {
  if (isZip) {
    const verdict = checkContent(content, limits);
    if (verdict !== 'ok') return { ok: false, reason: verdict };
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(content, {
      type: 'array',
      dense: true,
      cellDates: true,
      UTC: true,
      sheetRows: limits.maxRows + 1,
      cellHTML: false,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const sheet = workbook.SheetNames.length > 0 ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet) return { ok: true, rows: [] };
  const fullRange = sheet['!fullref'] ?? sheet['!ref'];
  if (fullRange && XLSX.utils.decode_range(fullRange).e.r + 1 > limits.maxRows)
    return { ok: false, reason: 'tooManyRows' };
  const data = (sheet['!data'] ?? []) as (Cell[] | undefined)[];
  const rows: { row: number; cells: string[] }[] = [];
  data.forEach((cells, index) => {
    if (!cells) return;
    const width = Math.min(cells.length, limits.maxColumns);
    const texts = Array.from({ length: width }, (_, i) => cellText(cells[i]));
    if (texts.some((t) => t !== '')) rows.push({ row: index + 1, cells: texts });
  });
  return { ok: true, rows };
}

parentPort?.postMessage(read(workerData as SheetRequest));
