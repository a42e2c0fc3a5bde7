import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Database, openPostgres } from './client.ts';

/**
 * The embedded database as `npm start` runs it: PGlite in a worker thread of this process, served over
 * the PostgreSQL protocol on a unix socket (embedded-host.ts), and reached through `pg` like PostgreSQL.
 * A statement of many seconds then holds that thread and the one database connection, never the API's
 * event loop: other requests wait for the database, not for the process. A second process on the same
 * DATA_DIR (a CLI command, or ROLE=worker beside ROLE=api) finds the socket and connects to it instead
 * of opening the files a second time.
 */

/** PostgreSQL's socket file name; `pg` connects to `<host>/.s.PGSQL.<port>` when host is a directory. */
const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;
/** A unix socket path is at most 107 bytes on Linux. */
const SOCKET_PATH_MAX = 100;

/** Where the database of `dataDir` is served: in it, or in a private directory named after it if too long. */
export async function embeddedSocketDir(dataDir: string): Promise<string> {
  if (path.join(dataDir, SOCKET_FILE).length <= SOCKET_PATH_MAX) return dataDir;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `linkwatch-${hash}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Whether another process serves the database on that socket now. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const WORKER_URL = new URL('./embedded.worker.ts', import.meta.url).href;
// The server runs its TypeScript through tsx, which a worker thread does not inherit (see lib/ts-worker.ts,
// not imported here: db/ → lib/ would close a cycle of the server's layers).
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(WORKER_URL)}))`;

/** Starts the database thread; answers once it listens. A thread that dies later calls `onExit`. */
async function startHost(params: { pgdata: string; socketPath: string; onExit: (error: Error) => void }) {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { pgdata: params.pgdata, socketPath: params.socketPath },
  });
  let closing = false;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('exit', exited);
      reject(error);
    };
    const exited = (code: number) => failed(new Error(`the embedded database stopped at start (${code})`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', (message: { ready?: true; error?: string }) => {
      // Listeners are taken off one by one: removeAllListeners would also take off the Worker's own,
      // after which no message from the thread reaches this side.
      worker.off('error', failed);
      worker.off('exit', exited);
      if (message.ready) resolve();
      else reject(new Error(`the embedded database did not start: ${message.error}`));
    });
  });
  worker.on('error', (error) => params.onExit(error));
  worker.on('exit', (code) => {
    if (!closing) params.onExit(new Error(`the embedded database thread stopped (${code})`));
  });
  return {
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

export interface EmbeddedOptions {
  dataDir: string;
  /** What to do if the database thread dies under a running process (the server exits). */
  onExit?: (error: Error) => void;
}

/**
 * The embedded database of `dataDir`: served by this process (a thread started here), or by another
 * process already serving it. One connection: PGlite runs one statement at a time anyway.
 */
export async function openEmbedded(options: EmbeddedOptions): Promise<Database> {
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const socketDir = await embeddedSocketDir(dataDir);
  const socketPath = path.join(socketDir, SOCKET_FILE);
  let host: Awaited<ReturnType<typeof startHost>> | null = null;
  if (!(await answers(socketPath))) {
    // Left by a process that was killed: nobody listens on it.
    await rm(socketPath, { force: true });
    host = await startHost({
      pgdata: path.join(dataDir, 'pgdata'),
      socketPath,
      onExit:
        options.onExit ??
        ((error) => {
          throw error;
        }),
    });
  }
  const database = openPostgres(
    // Kept open while idle: nothing is gained by closing the one connection.
    { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', idleTimeoutMillis: 0 },
    1,
  );
  return {
    ...database,
    kind: 'pglite',
    // No LISTEN/NOTIFY across processes through the embedded database: events stay in-process.
    pool: null,
    async close() {
      await database.close();
      await host?.close();
    },
  };
}
