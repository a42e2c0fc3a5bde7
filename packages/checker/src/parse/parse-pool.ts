import { Worker } from 'node:worker_threads';
import type { ParsedDonorPage } from '../html/parse-donor-html.ts';
import { MATCHER_CACHE_SIZE, type ParseJob, type ParseMessage, type ParseReply } from './parse-job.ts';

interface QueuedJob {
  job: ParseJob;
  resolve: (page: ParsedDonorPage) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  /** Jobs sent to this worker and not answered yet, by id. */
  inFlight: Map<number, QueuedJob>;
  /** Acceptor set ids this worker holds, least recently used first. */
  acceptorIds: Set<number>;
}

// Each worker holds a few jobs in its own message queue, so it goes straight on to the next page
// instead of idling until the main thread (busy with the network) gets round to sending one.
const JOBS_IN_FLIGHT_PER_WORKER = 4;

// The sources run as TypeScript in dev, tests and the server (tsx); a build would ship .js.
const RUNNING_FROM_TS = import.meta.url.endsWith('.ts');
const WORKER_MODULE_URL = new URL(`./parse-worker.${RUNNING_FROM_TS ? 'ts' : 'js'}`, import.meta.url).href;
const WORKER_ENTRY_URL = new URL('./worker-entry.mjs', import.meta.url);

/**
 * A fixed set of worker threads that decode and parse donor pages, so a busy checker never
 * blocks the API's event loop. Workers start on first use, idle workers do not keep the
 * process alive, and a worker that dies is replaced (the jobs it held fail, the others go on).
 */
export class ParsePool {
  readonly #size: number;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: QueuedJob[] = [];
  #nextId = 1;
  #closed = false;

  constructor({ size }: { size: number }) {
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`parse pool size must be a positive integer, got ${size}`);
    }
    this.#size = size;
  }

  parse(job: ParseJob): Promise<ParsedDonorPage> {
    if (this.#closed) return Promise.reject(new Error('parse pool is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    });
  }

  /** Worker threads started (for tests and metrics). */
  get threads(): number {
    return this.#workers.length;
  }

  /** Starts every worker now (a task worker about to check pages), so the first pages do not wait for them to boot. */
  warmUp(): void {
    while (!this.#closed && this.#workers.length < this.#size) this.#workers.push(this.#startWorker());
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closed = new Error('parse pool is closed');
    for (const queued of this.#queue.splice(0)) queued.reject(closed);
    const workers = this.#workers.splice(0);
    for (const entry of workers) for (const job of entry.inFlight.values()) job.reject(closed);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const entry = this.#workerWithRoom();
      if (!entry) return;
      const queued = this.#queue.shift() as QueuedJob;
      const id = this.#nextId++;
      entry.inFlight.set(id, queued);
      entry.worker.ref();
      // The page bytes are moved, not copied: the fetcher gave them a buffer of their own.
      entry.worker.postMessage(messageFor(entry, queued.job, id), [queued.job.bytes.buffer as ArrayBuffer]);
    }
  }

  /** An idle worker first (starting one if the pool is not full yet), else the least loaded one with room. */
  #workerWithRoom(): PoolWorker | null {
    const idle = this.#workers.find((candidate) => candidate.inFlight.size === 0);
    if (idle) return idle;
    if (this.#workers.length < this.#size) {
      const started = this.#startWorker();
      this.#workers.push(started);
      return started;
    }
    let best: PoolWorker | null = null;
    for (const candidate of this.#workers) {
      if (
        candidate.inFlight.size < JOBS_IN_FLIGHT_PER_WORKER &&
        candidate.inFlight.size < (best?.inFlight.size ?? Infinity)
      ) {
        best = candidate;
      }
    }
    return best;
  }

  #startWorker(): PoolWorker {
    const worker = new Worker(WORKER_ENTRY_URL, {
      workerData: { moduleUrl: WORKER_MODULE_URL, registerTsx: RUNNING_FROM_TS },
    });
    const entry: PoolWorker = { worker, inFlight: new Map(), acceptorIds: new Set() };
    worker.on('message', (reply: ParseReply) => this.#settle(entry, reply));
    worker.on('error', (error) => this.#retire(entry, error));
    worker.on('exit', (code) => this.#retire(entry, new Error(`parse worker exited with code ${code}`)));
    worker.unref();
    return entry;
  }

  #settle(entry: PoolWorker, reply: ParseReply): void {
    const job = entry.inFlight.get(reply.id);
    if (!job) return;
    entry.inFlight.delete(reply.id);
    if (entry.inFlight.size === 0) entry.worker.unref();
    if (reply.ok) job.resolve(reply.page);
    else job.reject(new Error(reply.message));
    this.#dispatch();
  }

  #retire(entry: PoolWorker, error: Error): void {
    const index = this.#workers.indexOf(entry);
    if (index === -1) return;
    this.#workers.splice(index, 1);
    for (const job of entry.inFlight.values()) job.reject(error);
    entry.inFlight.clear();
    if (!this.#closed) this.#dispatch();
  }
}

/** The job for `entry`, with its acceptor set only if that worker does not hold it yet. */
function messageFor(entry: PoolWorker, job: ParseJob, id: number): ParseMessage {
  const known = entry.acceptorIds.delete(job.acceptorsId);
  entry.acceptorIds.add(job.acceptorsId);
  const forget: number[] = [];
  if (entry.acceptorIds.size > MATCHER_CACHE_SIZE) {
    const oldest = entry.acceptorIds.values().next().value as number;
    entry.acceptorIds.delete(oldest);
    forget.push(oldest);
  }
  return {
    id,
    bytes: job.bytes,
    baseUrl: job.baseUrl,
    contentType: job.contentType,
    acceptorsId: job.acceptorsId,
    acceptors: known ? undefined : job.acceptors,
    forget,
  };
}
