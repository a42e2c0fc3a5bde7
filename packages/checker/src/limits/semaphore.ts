/** Gives the slot back; calling it twice is harmless. */
export type Release = () => void;

interface Waiter {
  grant: () => void;
  reject: (reason: unknown) => void;
}

/** A counting semaphore whose waiters are served first come, first served and can be aborted. */
export class Semaphore {
  readonly #max: number;
  #active = 0;
  readonly #waiters: Waiter[] = [];

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`semaphore size must be a positive integer, got ${max}`);
    }
    this.#max = max;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiters.length;
  }

  acquire(signal?: AbortSignal): Promise<Release> {
    signal?.throwIfAborted();
    if (this.#active < this.#max && this.#waiters.length === 0) return Promise.resolve(this.#take());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#take());
        },
        reject,
      };
      const onAbort = () => {
        const index = this.#waiters.indexOf(waiter);
        if (index !== -1) this.#waiters.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  #take(): Release {
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      this.#waiters.shift()?.grant();
    };
  }
}
