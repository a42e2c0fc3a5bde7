import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  FIXTURE_ACCEPTORS,
  type FixturePage,
  type FixtureWeb,
  pages,
  startFixtureWeb,
} from '../test/fixture-web.ts';
import { type Checker, type CheckResult, createChecker, RobotsCache } from './index.ts';

// Every page of the fixture web, checked once with worker-thread parsing and once inline.
describe.each([
  { mode: 'worker threads', parseThreads: 2 },
  { mode: 'inline parsing', parseThreads: 0 },
])('fixture web ($mode)', ({ parseThreads }) => {
  let web: FixtureWeb;
  let checker: Checker;
  // One task: every page of the run shares one robots.txt cache.
  const robots = new RobotsCache();

  beforeAll(async () => {
    web = await startFixtureWeb();
    checker = createChecker({ allowPrivateNetworks: true, timeoutMs: 1_500, parseThreads });
  });

  afterAll(async () => {
    await checker.close();
    await web.close();
  });

  test.for(pages.map((page) => [page.path, page] as const))('%s', async ([, page]) => {
    const result = await checker.check({ url: web.targetOf(page), acceptors: FIXTURE_ACCEPTORS }, { robots });
    expect(comparable(result, page, web)).toEqual(expected(page, web));
  });
});

/** The result, reduced to the fields the page's expectation mentions. */
function comparable(result: CheckResult, page: FixturePage, web: FixtureWeb): Record<string, unknown> {
  const wanted = page.expect;
  const view: Record<string, unknown> = {
    responseCode: result.responseCode,
    responseCodeGroup: result.responseCodeGroup,
    errorCode: result.error?.code ?? null,
    indexingCapabilityId: result.indexingCapabilityId,
    truncated: result.truncated,
    backlinks: result.backlinks.map((backlink, index) => {
      const keys = Object.keys(wanted.backlinks[index] ?? backlink);
      return Object.fromEntries(keys.map((key) => [key, backlink[key as keyof typeof backlink]]));
    }),
  };
  if (wanted.redirectChain) {
    view.redirectChain = result.redirectChain.map((hop) => [pathOf(hop.url, web), hop.status]);
  }
  if (wanted.redirect !== undefined) {
    view.redirect = result.redirect === null ? null : pathOf(result.redirect, web);
  }
  for (const key of ['title', 'metaRobots', 'xRobotsTag'] as const) {
    if (wanted[key] !== undefined) view[key] = result[key];
  }
  return view;
}

function expected(page: FixturePage, _web: FixtureWeb): Record<string, unknown> {
  const { responseCodeGroup = null, errorCode = null, truncated = false, ...rest } = page.expect;
  return { ...rest, responseCodeGroup, errorCode, truncated };
}

function pathOf(url: string, web: FixtureWeb): string {
  return url.startsWith(web.origin) ? url.slice(web.origin.length) : url;
}
