import { readSheetRows, type SheetRowsRefusal, type SheetRowsResult } from '../../lib/spreadsheet-read.ts';

/**
 * Reading an uploaded xlsx or xls off the event loop (lib/spreadsheet-read.ts). The library reads a
 * workbook whole (no streaming), so the file is bounded by the 50 MB upload limit, its archive's
 * declared sizes are checked first (nothing inflated), and a worker thread with its own memory and time
 * limits parses it and hands back the cells as text, one array a row.
 */
export const SHEET_LIMITS = {
  maxUnpackedBytes: 400 * 1024 * 1024,
  maxEntryBytes: 350 * 1024 * 1024,
  /** 500,000 rows of an export's eight or so columns, with room for the columns nobody reads. */
  maxCells: 8_000_000,
  maxRows: 500_001,
  /** Only the first columns are handed back: every export we read keeps what we need within them. */
  maxColumns: 60,
  memoryMb: 1536,
  seconds: 90,
};

export type SheetRefusal = SheetRowsRefusal;

export type SheetResult = SheetRowsResult<'cells'>;

export function readSheet(content: Buffer, isZip: boolean): Promise<SheetResult> {
  return readSheetRows(
    { content, isZip, mapper: 'cells', limits: SHEET_LIMITS },
    { name: 'crawler sheet worker' },
  );
}
