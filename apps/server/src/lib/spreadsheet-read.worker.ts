import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import type {
  MappedRows,
  RowMapper,
  SheetRowsLimits,
  SheetRowsRequest,
  SheetRowsResult,
} from './spreadsheet-read.ts';
import { checkContent } from './xlsx-archive.ts';

/**
 * Runs in a worker thread with its own memory limit (see spreadsheet-read.ts): parsing a workbook is
 * synchronous and can take seconds and hundreds of MB, which the API's event loop must never pay.
 */
type Cell = XLSX.CellObject & { l?: { Target?: string } };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as text: dates as YYYY-MM-DD (read as dates by the `cells` mapper; Excel keeps them as numbers
 * with a date format); a hyperlink cell whose text is not an address gives its link target.
 */
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

interface Mapper<M extends RowMapper> {
  /** The library's options besides the shared ones. */
  parsing: XLSX.ParsingOptions;
  /** One row (1-based `line`) as handed back, or null to leave it out. */
  row(cells: Cell[] | undefined, line: number, limits: SheetRowsLimits): MappedRows[M] | null;
}

const MAPPERS: { [M in RowMapper]: Mapper<M> } = {
  // The links upload: the first column's values. Cells keep their values without the formatted text or formula.
  firstColumn: {
    parsing: { sheets: 0, cellText: false, cellFormula: false },
    row(cells, line) {
      const value = cellText(cells?.[0]);
      return value === '' ? null : { line, value };
    },
  },
  // The crawler import: every row with a non-empty cell, its first `maxColumns` cells as text.
  cells: {
    parsing: { cellDates: true, UTC: true },
    row(cells, row, limits) {
      if (!cells) return null;
      const width = Math.min(cells.length, limits.maxColumns ?? cells.length);
      const texts = Array.from({ length: width }, (_, i) => cellText(cells[i]));
      return texts.some((t) => t !== '') ? { row, cells: texts } : null;
    },
  },
};

function readRows<M extends RowMapper>({
  content,
  isZip,
  mapper,
  limits,
}: SheetRowsRequest<M>): SheetRowsResult<M> {
  if (isZip) {
    const verdict = checkContent(content, limits);
    if (verdict !== 'ok') return { ok: false, reason: verdict };
  }
  const { parsing, row } = MAPPERS[mapper] as Mapper<M>;
  let workbook: XLSX.WorkBook;
  try {
    // sheetRows stops reading one row past the limit; `!fullref` still tells the real size.
    workbook = XLSX.read(content, {
      type: 'array',
      dense: true,
      sheetRows: limits.maxRows + 1,
      cellHTML: false,
      ...parsing,
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
  const rows: MappedRows[M][] = [];
  data.forEach((cells, index) => {
    const mapped = row(cells, index + 1, limits);
    if (mapped) rows.push(mapped);
  });
  return { ok: true, rows };
}

// Booted ahead (spreadsheet-read.ts): the one request it serves arrives as a message.
parentPort?.once('message', (request: SheetRowsRequest<RowMapper>) =>
  parentPort?.postMessage(readRows(request)),
);
