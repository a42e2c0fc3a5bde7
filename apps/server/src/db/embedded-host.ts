import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) served over the PostgreSQL wire protocol on a unix socket, so the
 * application reaches it through `pg`, as it reaches PostgreSQL. It runs in a worker thread of its
 * own (embedded.worker.ts): a long statement then holds that thread, never the API's event loop.
 *
 * PGlite is one backend. A connection holds it from its first message until PGlite answers
 * ReadyForQuery "idle": a whole transaction, or a whole Parse/Bind/Execute/Sync sequence. Other
 * connections (a CLI command, a second process) wait their turn, so two clients' statements never
 * interleave inside one transaction or one unnamed prepared statement.
 */

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
/** ReadyForQuery: 'Z', length 5, then the transaction status ('I' idle, 'T' in one, 'E' failed). */
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;
const TERMINATE = 0x58;

/** First come, first served: the one backend, for one connection at a time. */
class Turns {
  private queue: (() => void)[] = [];
  private taken = false;

  take(): Promise<void> {
    if (!this.taken) {
      this.taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.taken = false;
  }
}

/** Cuts the byte stream of one connection into protocol messages. */
function nextMessage(buffer: Buffer, started: boolean): { message: Buffer; rest: Buffer } | null {
  // Before the startup message, messages have no type byte: length first.
  const lengthAt = started ? 1 : 0;
  if (buffer.length < lengthAt + 4) return null;
  const size = lengthAt + buffer.readInt32BE(lengthAt);
  if (buffer.length < size) return null;
  return { message: buffer.subarray(0, size), rest: buffer.subarray(size) };
}

function serveConnection(db: PGlite, turns: Turns, socket: Socket) {
  let buffer: Buffer = Buffer.alloc(0);
  let started = false;
  let holding = false;
  let closed = false;
  // Messages run one after another, in the order they came.
  let chain = Promise.resolve();

  const release = async () => {
    if (!holding) return;
    holding = false;
    // A client gone mid-transaction leaves nothing behind for the next one.
    if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => undefined);
    turns.give();
  };

  /** A message before the startup message: answered here, never passed to PGlite. */
  const preStartup = (message: Buffer): boolean => {
    const code = message.readInt32BE(4);
    // No TLS on a local socket: 'N', and the client goes on in plain text.
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N');
    // Cancelling a running statement is not supported by PGlite.
    else if (code === CANCEL_REQUEST) socket.end();
    else return false;
    return true;
  };

  const run = async (message: Buffer) => {
    if (closed) return;
    if (!holding) {
      await turns.take();
      holding = true;
    }
    let tail = Buffer.alloc(0);
    await db.runExclusive(() =>
      db.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data) => {
          // A copy: `data` is a view of PGlite's one reused buffer, refilled for the next chunk within
          // this same synchronous run, while a socket that cannot take it all at once keeps a reference.
          if (!closed) socket.write(Buffer.from(data));
          tail = Buffer.concat([tail, Buffer.from(data)]).subarray(-6);
        },
      }),
    );
    const idle =
      tail.length === 6 && tail[0] === READY_FOR_QUERY && tail.readInt32BE(1) === 5 && tail[5] === IDLE;
    if (idle) await release();
  };

  socket.setNoDelay(true);
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data]);
    for (let next = nextMessage(buffer, started); next; next = nextMessage(buffer, started)) {
      const { message } = next;
      buffer = next.rest;
      if (!started && preStartup(message)) continue;
      // The startup message goes to PGlite; every later message starts with its type byte.
      const terminate = started && message[0] === TERMINATE;
      started = true;
      chain = chain
        .then(async () => {
          if (terminate) socket.end();
          else await run(message);
        })
        .catch(() => {
          socket.destroy();
        });
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    chain = chain.then(release);
  });
}

/** Listens on `socketPath` until closed; every connection shares the one PGlite. */
export async function serveEmbedded(db: PGlite, socketPath: string): Promise<{ close(): Promise<void> }> {
  const turns = new Turns();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serveConnection(db, turns, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients still connected (a CLI command) are cut: the database is about to stop.
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
