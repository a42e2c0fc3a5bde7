/** More tasks than one process works on at once (its worker slots), so a running task is not evicted. */
export const TASKS_CACHED = 64;

export interface TaskCache<T> {
  /** The task's entry, made by `create` the first time; marks the task as the most recently used. */
  get(actionId: number, create: () => T): T;
  delete(actionId: number): void;
  readonly size: number;
}

/**
 * What a handler keeps per task while it runs (robots.txt per host, acceptor sets, authority figures),
 * dropped by its `finish`. A task can end where this process never sees it end: a cancel that ends it
 * at once (the API's own finishIfComplete, maybe in another process), or another process's worker taking
 * its last batch. Such a task's entry would stay for the life of the process, so only the `max` most
 * recently used tasks are kept; a running task evicted all the same only loads its caches again.
 */
export function taskCache<T>(max = TASKS_CACHED): TaskCache<T> {
  const entries = new Map<number, T>();
  return {
    get(actionId, create) {
      const entry = entries.get(actionId) ?? create();
      // A Map keeps insertion order: the first key is then the least recently used.
      entries.delete(actionId);
      entries.set(actionId, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value as number);
      return entry;
    },
    delete(actionId) {
      entries.delete(actionId);
    },
    get size() {
      return entries.size;
    },
  };
}
