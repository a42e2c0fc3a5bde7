import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './client.ts';
import { serveEmbedded } from './embedded-host.ts';

/**
 * The embedded database's own thread: PGlite (WebAssembly, synchronous while a statement runs) and
 * the socket it is served on. The parent says `close` to have it flushed and stopped.
 */
const { pgdata, socketPath } = workerData as { pgdata: string; socketPath: string };

try {
  const db = await createPglite({ dataDir: pgdata });
  const server = await serveEmbedded(db, socketPath);
  parentPort?.on('message', async (message) => {
    if (message !== 'close') return;
    await server.close();
    await db.close();
    parentPort?.postMessage({ closed: true });
  });
  parentPort?.postMessage({ ready: true });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
