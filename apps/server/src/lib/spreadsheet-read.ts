import { Worker } from 'node:worker_threads';
import { type ArchiveLimits, type ArchiveVerdict, checkDeclaredSizes } from './xlsx-archive.ts';

/**
 * Reading the first column of an uploaded xlsx or xls, off the event loop: the archive's declared
 * sizes are checked here (cheap, nothing inflated), then a worker thread with a memory limit counts
 * the real cells and parses the workbook, and is terminated if it runs out of time.
 */
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

/** `tooComplex`: the reading outgrew its memory or time. */
export type SheetRefusal = Exclude<ArchiveVerdict, 'ok'> | 'tooManyLines' | 'tooComplex';

export type SheetReadResult =
  | { ok: true; entries: { line: number; value: string }[] }
  | { ok: false; reason: SheetRefusal };

const WORKER_URL = new URL('./spreadsheet-read.worker.ts', import.meta.url).href;
// The server runs its TypeScript through tsx, and a worker thread does not inherit that loader:
// the thread starts from this one line, which loads the worker through tsx's API.
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(WORKER_URL)}))`;

/**
 * A worker booted ahead and waiting for its request (loading tsx and the xlsx library takes about half
 * a second, as long as the reading itself). Each worker reads one file and is ended, so a file that
 * ran it out of memory or time leaves nothing behind; the next one boots after. The first is booted
 * when a workbook starts to arrive (`prepareSheetReader`), not with the process, which may never get one.
 */
let spare: { worker: Worker; memoryMb: number } | null = null;

function bootWorker(memoryMb: number): Worker {
  const worker = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
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

function runWorker(request: SheetReadRequest): Promise<SheetReadResult> {
  return new Promise((resolve, reject) => {
    // A copy of the bytes is handed over whole (transferred), not copied again by structured clone.
    const content = new Uint8Array(request.content);
    const worker = takeWorker(request.limits.memoryMb);
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
      bootSpare(request.limits.memoryMb);
      finish();
    };
    const timer = setTimeout(
      () => settle(() => resolve({ ok: false, reason: 'tooComplex' })),
      request.limits.seconds * 1000,
    );
    worker.once('message', (result: SheetReadResult) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ ok: false, reason: 'tooComplex' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`spreadsheet worker exited with ${code}`))));
    worker.postMessage({ ...request, content }, [content.buffer]);
  });
}

export async function readFirstColumn(request: SheetReadRequest): Promise<SheetReadResult> {
  if (request.isZip) {
    const declared = checkDeclaredSizes(request.content, request.limits);
    if (declared !== 'ok') return { ok: false, reason: declared };
  }
  return runWorker(request);
}
