import { describe, expect, it } from 'vitest';
import { TASKS_CACHED, taskCache } from './task-cache.ts';

describe('per-task caches', () => {
  it('keep at most their bound of tasks when tasks end unseen (cancelled at once, finished elsewhere)', () => {
    const cache = taskCache<{ robots: string[] }>();
    for (let actionId = 1; actionId <= TASKS_CACHED * 10; actionId++)
      cache.get(actionId, () => ({ robots: [] }));
    expect(cache.size).toBe(TASKS_CACHED);
  });

  it('keep a task still being worked on and drop the one used least recently', () => {
    const cache = taskCache<{ made: number }>(2);
    let made = 0;
    const make = () => ({ made: ++made });
    const first = cache.get(1, make);
    cache.get(2, make);
    expect(cache.get(1, make)).toBe(first);
    cache.get(3, make);
    expect(cache.get(1, make)).toBe(first);
    expect(cache.get(2, make).made).toBe(4);
  });

  it('forget a finished task', () => {
    const cache = taskCache<number>();
    cache.get(7, () => 1);
    cache.delete(7);
    expect(cache.size).toBe(0);
    expect(cache.get(7, () => 2)).toBe(2);
  });
});
