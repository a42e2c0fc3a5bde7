import type { Worker } from 'node:worker_threads';
import { startTsWorker } from './ts-worker.ts';
import { type ArchiveLimits, type ArchiveVerdict, checkDeclaredSizes } from './xlsx-archive.ts';

/**
 * Reading the first sheet of an uploaded xlsx or xls, off the event loop. The library reads a workbook
 * whole (no streaming): the archive's declared sizes are checked here (cheap, nothing inflated), then a
 * worker thread with a memory limit counts the real cells, parses the workbook and hands back its rows
 * through a row mapper (spreadsheet-read.worker.ts), and is terminated if it runs out of time.
 */
export interface SheetRowsLimits extends ArchiveLimits {
  maxRows: number;
  /** With the `cells` mapper: only the first columns are handed back. */
  maxColumns?: number;
  memoryMb: number;
  seconds: number;
}

/** The rows each mapper hands back: the first column's non-empty values, or every non-empty row's cells. */
export interface MappedRows {
  firstColumn: { line: number; value: string };
  cells: { row: number; cells: string[] };
}
export type RowMapper = keyof MappedRows;

export interface SheetRowsRequest<M extends RowMapper> {
  content: Uint8Array;
  isZip: boolean;
  mapper: M;
  limits: SheetRowsLimits;
}

/** `tooComplex`: the reading outgrew its memory or time. */
export type SheetRowsRefusal = Exclude<ArchiveVerdict, 'ok'> | 'tooManyRows' | 'tooComplex';

export type SheetRowsResult<M extends RowMapper> =
  | { ok: true; rows: MappedRows[M][] }
  | { ok: false; reason: SheetRowsRefusal };

export interface SheetReadOptions {
  /** Boot the next read's worker once this one ends, for readers that prepare one ahead. */
  keepSpare?: boolean;
  /** Names the worker in the error when it exits unasked. */
  name?: string;
}

const WORKER_URL = new URL('./spreadsheet-read.worker.ts', import.meta.url);

/**
 * A worker booted ahead and waiting for its request (loading tsx and the xlsx library takes about half
 * a second, as long as the reading itself). Each worker reads one file and is ended, so a file that
 * ran it out of memory or time leaves nothing behind; the next one boots after. The first is booted
 * when a workbook starts to arrive (`prepareSheetReader`), not with the process, which may never get one.
 */
let spare: { worker: Worker; memoryMb: number } | null = null;

function bootWorker(memoryMb: number): Worker {
  const worker = startTsWorker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  // While it waits it must neither keep the process alive nor, failing, crash it.
  worker.unref();
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare?.worker === worker) spare = null;
  });
  return worker;
}

function takeWorker(memoryMb: number): Worker {
  const ready = spare?.memoryMb === memoryMb ? spare.worker : null;
  spare = null;
  const worker = ready ?? bootWorker(memoryMb);
  worker.removeAllListeners();
  worker.ref();
  return worker;
}

function bootSpare(memoryMb: number) {
  if (spare) return;
  spare = { worker: bootWorker(memoryMb), memoryMb };
}

/** Boots the worker that will read a workbook now arriving, while its bytes are still being received. */
export const prepareSheetReader = (memoryMb: number) => bootSpare(memoryMb);

function runWorker<M extends RowMapper>(
  request: SheetRowsRequest<M>,
  { keepSpare = false, name = 'spreadsheet worker' }: SheetReadOptions,
): Promise<SheetRowsResult<M>> {
  return new Promise((resolve, reject) => {
    // A copy of the bytes is handed over whole (transferred), not copied again by structured clone.
    const content = new Uint8Array(request.content);
    const worker = takeWorker(request.limits.memoryMb);
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
      if (keepSpare) bootSpare(request.limits.memoryMb);
      finish();
    };
    const timer = setTimeout(
      () => settle(() => resolve({ ok: false, reason: 'tooComplex' })),
      request.limits.seconds * 1000,
    );
    worker.once('message', (result: SheetRowsResult<M>) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ ok: false, reason: 'tooComplex' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`${name} exited with ${code}`))));
    worker.postMessage({ ...request, content }, [content.buffer]);
  });
}

/** The first sheet's rows, as the request's mapper makes them, or why the file was refused. */
export async function readSheetRows<M extends RowMapper>(
  request: SheetRowsRequest<M>,
  options: SheetReadOptions = {},
): Promise<SheetRowsResult<M>> {
  if (request.isZip) {
    const declared = checkDeclaredSizes(request.content, request.limits);
    if (declared !== 'ok') return { ok: false, reason: declared };
  }
  return runWorker(request, options);
}

// ---------------------------------------------------------------------------------------------------
// The links upload: the first column's addresses, with a worker prepared while the file arrives.
// ---------------------------------------------------------------------------------------------------

export interface SheetLimits extends ArchiveLimits {
  maxLines: number;
  memoryMb: number;
  seconds: number;
}

export interface SheetReadRequest {
  content: Uint8Array;
  isZip: boolean;
  limits: SheetLimits;
}

export type SheetRefusal = Exclude<SheetRowsRefusal, 'tooManyRows'> | 'tooManyLines';

export type SheetReadResult =
  | { ok: true; entries: { line: number; value: string }[] }
  | { ok: false; reason: SheetRefusal };

export async function readFirstColumn({
  content,
  isZip,
  limits,
}: SheetReadRequest): Promise<SheetReadResult> {
  const { maxLines, ...rest } = limits;
  const result = await readSheetRows(
    { content, isZip, mapper: 'firstColumn', limits: { ...rest, maxRows: maxLines } },
    { keepSpare: true },
  );
  if (result.ok) return { ok: true, entries: result.rows };
  return { ok: false, reason: result.reason === 'tooManyRows' ? 'tooManyLines' : result.reason };
}
