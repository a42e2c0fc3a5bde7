// Plain JavaScript on purpose: Node 20 cannot load a .ts file as a worker's entry point, and
// `--import tsx` in a worker's execArgv is ignored there. When the checker runs from TypeScript
// sources (tsx, vitest), register tsx's loader in this thread first, then load the real worker.
import { workerData } from 'node:worker_threads';

if (workerData.registerTsx) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.moduleUrl);
