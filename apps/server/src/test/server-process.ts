import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

const SERVER_DIR = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  role: 'all' | 'api' | 'worker';
  /** The API's origin (none for a worker). */
  origin: string | null;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on loopback, for a child that must be told its port up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The real server (`src/main.ts` through tsx) as a child process, as an operator runs it; answers once it
 * is up: the API answering /api/health, or a worker having logged that it runs.
 */
export async function startServerProcess(params: {
  role: 'all' | 'api' | 'worker';
  env: Record<string, string>;
  startTimeoutMs?: number;
  /** Flags for node itself, e.g. `--cpu-prof` (which NODE_OPTIONS does not take). */
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  // node --import tsx rather than the tsx CLI: the CLI runs the server in a grandchild, which a
  // SIGKILL to the CLI would leave running; here the child's pid is the server's own.
  const child = spawn(process.execPath, [...(params.nodeFlags ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      ROLE: params.role,
      WEB_DIST: '/nonexistent',
      DEMO: '0',
      LOG_LEVEL: 'info',
      ...params.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    // The last 200 KB is plenty to explain a failure.
    printed = (printed + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = params.role === 'worker' ? null : `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    role: params.role,
    origin,
    output: () => printed,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };

  const deadline = Date.now() + (params.startTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server (${params.role}) exited at start:\n${printed}`);
    if (origin ? await answersHealth(origin) : printed.includes('Linkwatch worker is running')) return handle;
    if (Date.now() > deadline) {
      await handle.kill();
      throw new Error(`server (${params.role}) did not start in time:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answersHealth(origin: string) {
  try {
    const response = await fetch(`${origin}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}
