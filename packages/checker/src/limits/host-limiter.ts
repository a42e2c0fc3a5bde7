import { type Release, Semaphore } from './semaphore.ts';

interface HostState {
  slots: Semaphore;
  /** Earliest time the next request to this host may start. */
  nextStartAt: number;
  /** Requests holding or waiting for a slot, so idle hosts can be forgotten. */
  users: number;
}

/**
 * The host limit of other processes too: several workers checking the same web share one budget per
 * host. The server's are PostgreSQL advisory locks (apps/server/src/worker/host-slots.ts).
 */
export interface SharedHostSlots {
  /** Waits for one of the host's slots across all processes; the release gives it back. */
  acquire(host: string, signal?: AbortSignal): Promise<Release>;
}

/**
 * Politeness towards donor sites: at most `perHost` requests to one host at a time, and at least
 * `delayMs` between the starts of two requests to it. With `shared`, the `perHost` bound holds across
 * processes: a request takes its process's slot first (cheap, in memory), then a shared one.
 */
export class HostLimiter {
  readonly #perHost: number;
  readonly #delayMs: number;
  readonly #shared: SharedHostSlots | undefined;
  readonly #hosts = new Map<string, HostState>();

  constructor({ perHost, delayMs, shared }: { perHost: number; delayMs: number; shared?: SharedHostSlots }) {
    this.#perHost = perHost;
    this.#delayMs = delayMs;
    this.#shared = shared;
  }

  async acquire(host: string, signal?: AbortSignal): Promise<Release> {
    const state = this.#stateOf(host);
    state.users++;
    const releaseSlot = await state.slots.acquire(signal).catch((error: unknown) => {
      this.#leave(host, state);
      throw error;
    });
    let releaseShared: Release = () => {};
    try {
      if (this.#shared) releaseShared = await this.#shared.acquire(host, signal);
      await this.#waitForTurn(state, signal);
    } catch (error) {
      releaseShared();
      releaseSlot();
      this.#leave(host, state);
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      releaseShared();
      releaseSlot();
      this.#leave(host, state);
    };
  }

  /** Number of hosts with requests running or queued (for tests and metrics). */
  get trackedHosts(): number {
    return this.#hosts.size;
  }

  async #waitForTurn(state: HostState, signal?: AbortSignal): Promise<void> {
    if (this.#delayMs <= 0) return;
    // Reserve the start time before sleeping, so concurrent holders of slots space out too.
    const startAt = Math.max(Date.now(), state.nextStartAt);
    state.nextStartAt = startAt + this.#delayMs;
    const wait = startAt - Date.now();
    if (wait > 0) await sleep(wait, signal);
  }

  #stateOf(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) {
      state = { slots: new Semaphore(this.#perHost), nextStartAt: 0, users: 0 };
      this.#hosts.set(host, state);
    }
    return state;
  }

  #leave(host: string, state: HostState): void {
    state.users--;
    if (state.users > 0) return;
    const keepFor = state.nextStartAt - Date.now();
    if (keepFor <= 0) {
      this.#hosts.delete(host);
      return;
    }
    // Remember the host until its delay has passed, then forget it unless it was used again.
    setTimeout(() => {
      if (state.users === 0 && this.#hosts.get(host) === state) this.#hosts.delete(host);
    }, keepFor).unref();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
