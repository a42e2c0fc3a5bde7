import type { CheckResult } from '@linkwatch/checker';
import { describe, expect, it } from 'vitest';
import { decideOutcome, type PreviousState } from './outcome.ts';

const backlink = {
  href: 'https://shop.com/',
  anchor: 'shop',
  attribute: 'dofollow',
  rel: [],
  typeId: 2 as const,
  textBefore: '',
  textAfter: '',
};

function result(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    url: 'https://donor.com/a',
    finalUrl: 'https://donor.com/a',
    redirect: null,
    redirectChain: [{ url: 'https://donor.com/a', status: 200 }],
    responseCode: 200,
    responseCodeGroup: null,
    error: null,
    title: 'Donor',
    metaRobots: null,
    xRobotsTag: null,
    canonical: null,
    indexingCapabilityId: 1,
    robotsAllowed: true,
    backlinks: [backlink],
    truncated: false,
    fetchMs: 5,
    bytes: 100,
    ...overrides,
  };
}

const checked: PreviousState = {
  checkedBefore: true,
  responseCode: 200,
  responseCodeGroup: null,
  redirect: null,
  title: 'Donor',
  indexingCapabilityId: 1,
  missedChecks: 0,
  backlinks: [backlink],
};

describe('decideOutcome', () => {
  it('reports a link lost only on the second 200 page in a row without it', () => {
    const first = decideOutcome(checked, result({ backlinks: [] }));
    expect(first).toMatchObject({ backlinks: null, missedChecks: 1, changes: [] });
    const second = decideOutcome({ ...checked, missedChecks: 1 }, result({ backlinks: [] }));
    expect(second.backlinks).toEqual([]);
    expect(second.changes).toEqual([{ changesType: 'lost', old: '1', new: '0' }]);
  });

  it.each([
    ['a timeout', { responseCode: null, responseCodeGroup: 4 as const, redirectChain: [], backlinks: [] }],
    ['a 429', { responseCode: 429, redirectChain: [{ url: 'x', status: 429 }], backlinks: [] }],
    ['a 503', { responseCode: 503, redirectChain: [{ url: 'x', status: 503 }], backlinks: [] }],
    ['robots.txt', { robotsAllowed: false, indexingCapabilityId: 10 as const, backlinks: [] }],
  ])('never counts %s as a miss', (_name, overrides) => {
    const outcome = decideOutcome({ ...checked, missedChecks: 1 }, result(overrides));
    expect(outcome.backlinks).toBeNull();
    expect(outcome.missedChecks).toBe(1);
    expect(outcome.changes.map((c) => c.changesType)).not.toContain('lost');
  });

  it('reports anchor, rel, kind and title changes against the previous check', () => {
    const changed = result({
      title: 'New title',
      backlinks: [{ ...backlink, anchor: 'buy', attribute: 'nofollow', typeId: 1 }],
    });
    const types = decideOutcome(checked, changed).changes.map((c) => c.changesType);
    expect(types.sort()).toEqual(['anchor', 'kind', 'rel', 'title']);
  });

  it('reports a found link, and on a first check only problems besides it', () => {
    const never: PreviousState = {
      ...checked,
      checkedBefore: false,
      responseCode: null,
      title: null,
      indexingCapabilityId: null,
      backlinks: [],
    };
    expect(decideOutcome(never, result()).changes).toEqual([{ changesType: 'found', old: null, new: '1' }]);
    const blocked = decideOutcome(
      never,
      result({ responseCode: 404, redirectChain: [{ url: 'x', status: 404 }], backlinks: [] }),
    );
    expect(blocked.changes).toEqual([{ changesType: 'responseCode', old: null, new: '404' }]);
  });
});
