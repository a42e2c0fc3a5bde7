import { describe, expect, test } from 'vitest';
import { startDeadline } from './deadline.ts';
import { HostLimiter } from './host-limiter.ts';
import { Semaphore } from './semaphore.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  test('lets `max` holders in and queues the rest first come, first served', async () => {
    const semaphore = new Semaphore(2);
    const order: number[] = [];
    const first = await semaphore.acquire();
    await semaphore.acquire();
    const third = semaphore.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = semaphore.acquire().then(() => order.push(4));
    await tick();
    expect(semaphore.waiting).toBe(2);
    first();
    first(); // a second release of the same slot changes nothing
    await tick();
    expect(order).toEqual([3]);
    (await third)();
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  test('an aborted waiter leaves the queue and rejects with the reason', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(semaphore.waiting).toBe(0);
    release();
    expect(semaphore.active).toBe(0);
  });

  test('rejects sizes that are not positive integers', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('HostLimiter', () => {
  test('runs at most perHost requests per host, other hosts unaffected', async () => {
    const limiter = new HostLimiter({ perHost: 2, delayMs: 0 });
    const a1 = await limiter.acquire('a.example');
    await limiter.acquire('a.example');
    let thirdStarted = false;
    const a3 = limiter.acquire('a.example').then((release) => {
      thirdStarted = true;
      return release;
    });
    const b1 = await limiter.acquire('b.example');
    await tick();
    expect(thirdStarted).toBe(false);
    a1();
    (await a3)();
    expect(thirdStarted).toBe(true);
    b1();
  });

  test('spaces the starts of requests to one host by delayMs, even with free slots', async () => {
    const limiter = new HostLimiter({ perHost: 4, delayMs: 60 });
    const started: number[] = [];
    const burst = Date.now();
    await Promise.all(
      Array.from({ length: 3 }, () =>
        limiter.acquire('slow.example').then((release) => {
          started.push(Date.now());
          release();
        }),
      ),
    );
    // The n-th start of the burst comes no sooner than n × delayMs after it began. Measured from the burst,
    // not between neighbours: on a busy machine the first start's callback can run late, and the gap to
    // the (on time) second one then reads short (53 ms in one CI run). 2 ms for timers' rounding.
    for (const [n, at] of started.entries()) expect(at - burst).toBeGreaterThanOrEqual(n * 60 - 2);
    // Another host is not held back by slow.example's delay: it starts before slow.example's next
    // turn (an order, not a time, so a busy machine cannot fail it).
    const order: string[] = [];
    const take = (host: string) =>
      limiter.acquire(host).then((release) => {
        order.push(host);
        release();
      });
    await Promise.all([take('slow.example'), take('fast.example')]);
    expect(order).toEqual(['fast.example', 'slow.example']);
  });

  test('forgets idle hosts', async () => {
    const limiter = new HostLimiter({ perHost: 1, delayMs: 0 });
    (await limiter.acquire('a.example'))();
    expect(limiter.trackedHosts).toBe(0);
  });

  test('an abort while waiting frees nothing that was not taken', async () => {
    const limiter = new HostLimiter({ perHost: 1, delayMs: 0 });
    const held = await limiter.acquire('a.example');
    const controller = new AbortController();
    const waiting = limiter.acquire('a.example', controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    held();
    expect(limiter.trackedHosts).toBe(0);
    (await limiter.acquire('a.example'))();
  });
});

describe('startDeadline', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('aborts with a TimeoutError when the time is up', async () => {
    const deadline = startDeadline(10);
    expect(deadline.signal.aborted).toBe(false);
    await sleep(30);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  test("aborts with the caller's reason when the caller cancels, even before it started", () => {
    const caller = new AbortController();
    const deadline = startDeadline(10_000, caller.signal);
    caller.abort(new Error('cancelled'));
    expect(deadline.signal.reason).toEqual(new Error('cancelled'));
    deadline.dispose();
    expect(startDeadline(10_000, caller.signal).signal.reason).toEqual(new Error('cancelled'));
  });

  test('after dispose() neither the timer nor the caller aborts it', async () => {
    const caller = new AbortController();
    const deadline = startDeadline(10, caller.signal);
    deadline.dispose();
    caller.abort();
    await sleep(30);
    expect(deadline.signal.aborted).toBe(false);
  });
});
