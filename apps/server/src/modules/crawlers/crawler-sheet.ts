import { Worker } from 'node:worker_threads';
import { checkDeclaredSizes } from '../../lib/xlsx-archive.ts';

/**
 * Reading an uploaded xlsx or xls off the event loop. The library reads a workbook whole (no
 * streaming), so the file is bounded by the 50 MB upload limit, its archive's declared sizes are
 * checked first (nothing inflated), and a worker thread with its own memory and time limits parses
 * it and hands back the cells as text, one array a row.
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

export type SheetRefusal = 'unreadable' | 'unpackedTooLarge' | 'tooManyCells' | 'tooManyRows' | 'tooComplex';

export interface SheetRequest {
  content: Uint8Array;
  isZip: boolean;
  limits: typeof SHEET_LIMITS;
}

export type SheetResult =
  | { ok: true; rows: { row: number; cells: string[] }[] }
  | { ok: false; reason: SheetRefusal };

const WORKER_URL = new URL('./crawler-sheet.worker.ts', import.meta.url).href;
// A worker thread does not inherit tsx's loader: it starts from this line, which loads it through tsx.
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(WORKER_URL)}))`;

function runWorker(request: SheetRequest): Promise<SheetResult> {
  return new Promise((resolve, reject) => {
    const content = new Uint8Array(request.content);
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { ...request, content },
      transferList: [content.buffer],
      resourceLimits: { maxOldGenerationSizeMb: request.limits.memoryMb },
    });
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
      finish();
    };
    const timer = setTimeout(
      () => settle(() => resolve({ ok: false, reason: 'tooComplex' })),
      request.limits.seconds * 1000,
    );
    worker.once('message', (result: SheetResult) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ ok: false, reason: 'tooComplex' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`crawler sheet worker exited with ${code}`))),
    );
  });
}

export async function readSheet(content: Buffer, isZip: boolean): Promise<SheetResult> {
  if (isZip) {
    const declared = checkDeclaredSizes(content, SHEET_LIMITS);
    if (declared !== 'ok') return { ok: false, reason: declared };
  }
  return runWorker({ content, isZip, limits: SHEET_LIMITS });
}
