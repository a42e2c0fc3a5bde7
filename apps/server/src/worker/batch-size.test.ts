import { describe, expect, it } from 'vitest';
import { batchSizeFor } from './worker.ts';

const check = { batchSize: 250 };

describe('batch sizes', () => {
  it('a big task takes full batches until its end nears', () => {
    expect(batchSizeFor(check, { totalCount: 20_000, currentCount: 0 })).toBe(250);
    expect(batchSizeFor(check, { totalCount: 20_000, currentCount: 12_000 })).toBe(250);
  });

  it('its last batches shrink with what is left, so no worker finishes big batches alone', () => {
    expect(batchSizeFor(check, { totalCount: 20_000, currentCount: 16_000 })).toBe(125);
    expect(batchSizeFor(check, { totalCount: 20_000, currentCount: 18_000 })).toBe(63);
    // Not below 32: four batches in hand still fill the checker's 64 pages on the wire.
    expect(batchSizeFor(check, { totalCount: 20_000, currentCount: 19_990 })).toBe(32);
  });

  it('a small task is cut into twenty batches or more, of ten links at least', () => {
    expect(batchSizeFor(check, { totalCount: 1_000, currentCount: 0 })).toBe(32);
    expect(batchSizeFor(check, { totalCount: 100, currentCount: 0 })).toBe(10);
  });
});
