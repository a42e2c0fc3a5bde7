import { Worker, type WorkerOptions } from 'node:worker_threads';

// The server runs its TypeScript through tsx, and a worker thread does not inherit that loader: the
// thread starts from one line of JavaScript that loads the worker's module through tsx's API.
const TSX_API = import.meta.resolve('tsx/esm/api');

/** A worker thread running the TypeScript module at `url`. */
export function startTsWorker(url: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const href = JSON.stringify(url.href);
  const bootstrap = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${href}, ${href}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}
