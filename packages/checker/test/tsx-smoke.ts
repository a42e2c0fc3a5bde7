// Run by checker.runtime.test.ts with `tsx test/tsx-smoke.ts`: proves the parse workers start when
// the checker is loaded from TypeScript sources by tsx (as the server runs), not only under vitest.
import { createChecker, RobotsCache } from '../src/index.ts';
import { FIXTURE_ACCEPTORS, startFixtureWeb } from './fixture-web.ts';

const web = await startFixtureWeb();
const checker = createChecker({ allowPrivateNetworks: true, parseThreads: 2 });
try {
  const robots = new RobotsCache();
  const results = await Promise.all(
    ['/kinds/all', '/charset/koi8r-meta', '/compressed/br'].map((path) =>
      checker.check({ url: web.url(path), acceptors: FIXTURE_ACCEPTORS }, { robots }),
    ),
  );
  console.log(
    JSON.stringify(
      results.map((result) => ({
        backlinks: result.backlinks.length,
        anchor: result.backlinks[0]?.anchor ?? null,
      })),
    ),
  );
} finally {
  await checker.close();
  await web.close();
}
