import type { Worker } from 'node:worker_threads';
import { CRAWLER_UPLOAD_MAX_ROWS } from '@linkwatch/shared';
import { startTsWorker } from '../../lib/ts-worker.ts';

/**
 * Reading an uploaded CSV or TSV off the event loop (DESIGN: heavy parsing of user files runs in
 * worker threads with limits). The worker decodes and parses the file and hands its non-blank records
 * over in batches, one batch at a time as the import asks for the next, so memory holds a batch and
 * not the file. A file past a limit is refused before the first batch whenever the worker can tell:
 * a file with more lines than the rows allowed is counted whole first, so a file one row too long is
 * refused in seconds rather than after its 500,000 rows were written and rolled back.
 */
export const CSV_LIMITS = {
  /** Data rows (a header row comes on top). */
  maxRows: CRAWLER_UPLOAD_MAX_ROWS,
  /** Exports of links have a few dozen columns; a million is not a table of links. */
  maxColumns: 1000,
  /**
   * Characters of one record's cells (delimiters not counted): stops the parser inside a runaway row
   * (a wrong delimiter, a stray quote) instead of after it.
   */
  maxRowChars: 1_000_000,
  /** Only the first columns are handed over: every export we read keeps what we need within them. */
  keepColumns: 60,
  batchRows: 2000,
  /** The most one step of the worker (counting the file, or a batch) may take. */
  seconds: 60,
  /**
   * The worker holds a batch and a megabyte of the file at a time. A small heap is collected often:
   * with 512 MB the 500,000-row bench's peak RSS rose by about 180 MB of garbage.
   */
  memoryMb: 64,
  youngMb: 8,
};

export type CsvLimits = typeof CSV_LIMITS;

export type CsvRefusal =
  | { reason: 'unreadable' | 'tooManyRows' | 'tooComplex' }
  | { reason: 'tooManyColumns' | 'rowTooLong'; row: number };

export interface CsvRecord {
  row: number;
  cells: string[];
}

/** The worker's one request, its first message. */
export interface CsvRequest {
  filePath: string;
  limits: CsvLimits;
}

export type CsvMessage =
  | { type: 'records'; records: CsvRecord[] }
  | { type: 'end' }
  | { type: 'refused'; refusal: CsvRefusal };

export class CsvRefused extends Error {
  constructor(readonly refusal: CsvRefusal) {
    super(`csv refused: ${refusal.reason}`);
  }
}

const WORKER_URL = new URL('./crawler-csv.worker.ts', import.meta.url);

/**
 * A worker booted while the file is still arriving (`prepareCsvReader`), waiting for its request:
 * starting a thread that loads TypeScript takes about half a second, as long as reading a small file.
 * Each worker reads one file and is ended, so a file that ran it out of memory leaves nothing behind.
 */
let spare: Worker | null = null;

function bootWorker(memoryMb: number): Worker {
  const worker = startTsWorker(WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: CSV_LIMITS.youngMb },
  });
  // While it waits it must neither keep the process alive nor, failing, crash it.
  worker.unref();
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare === worker) spare = null;
  });
  return worker;
}

/** Boots the worker that will read a CSV or TSV now being uploaded. */
export function prepareCsvReader() {
  spare ??= bootWorker(CSV_LIMITS.memoryMb);
}

function takeWorker(limits: CsvLimits): Worker {
  const ready = spare && limits.memoryMb === CSV_LIMITS.memoryMb ? spare : null;
  if (ready) spare = null;
  const worker = ready ?? bootWorker(limits.memoryMb);
  worker.removeAllListeners();
  worker.ref();
  return worker;
}

/** The worker's messages one at a time; a step that takes too long, or memory that runs out, is `tooComplex`. */
function inbox(worker: Worker, limits: CsvLimits) {
  const queue: CsvMessage[] = [];
  let failure: Error | null = null;
  let waiting: { resolve(message: CsvMessage): void; reject(error: Error): void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.on('message', (message: CsvMessage) => {
    if (waiting) waiting.resolve(message);
    else queue.push(message);
    waiting = null;
  });
  worker.on('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CsvRefused({ reason: 'tooComplex' }) : error),
  );
  worker.on('exit', (code) => fail(new Error(`crawler csv worker exited with ${code}`)));
  return (): Promise<CsvMessage> => {
    const next = queue.shift();
    if (next) return Promise.resolve(next);
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new CsvRefused({ reason: 'tooComplex' })), limits.seconds * 1000);
      waiting = {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  };
}

/**
 * The file's non-blank records, each with its row number in the file (blank rows counted, as a
 * spreadsheet numbers them). Throws `CsvRefused` for a file past a limit or not readable as text.
 */
export async function* csvRecords(
  filePath: string,
  limits: CsvLimits = CSV_LIMITS,
): AsyncGenerator<CsvRecord> {
  const worker = takeWorker(limits);
  const next = inbox(worker, limits);
  worker.postMessage({ filePath, limits } satisfies CsvRequest);
  try {
    for (;;) {
      const message = await next();
      if (message.type === 'refused') throw new CsvRefused(message.refusal);
      if (message.type === 'end') return;
      yield* message.records;
      worker.postMessage('more');
    }
  } finally {
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    void worker.terminate();
  }
}
