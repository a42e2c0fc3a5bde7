import type { FixturePage } from './common.ts';
import { charsetPages, compressedPages } from './encodings.ts';
import { failurePages } from './failures.ts';
import { kindsPage, relativePages, relPage } from './links.ts';
import { redirectPages } from './redirects.ts';
import { renderedPages } from './rendered.ts';
import { robotsPages, statusPages } from './robots.ts';

export type { ExpectedBacklink, FixtureExpectation, FixturePage, FixtureTargets, Respond } from './common.ts';
export {
  ACCEPTOR_DOMAIN,
  FIXTURE_ACCEPTORS,
  MAIN_ROBOTS_TXT,
  redirectTo,
  SLOW_PAGE_DELAY_MS,
} from './common.ts';
export type { RenderedFixturePage } from './rendered.ts';
export { HOSTILE_BACKLINK, hostilePages, renderedPages } from './rendered.ts';

/** The fixture web's pages, each with the result the checker must report for it. */
export const pages: FixturePage[] = [
  ...robotsPages,
  ...statusPages,
  relPage,
  kindsPage,
  ...relativePages,
  ...redirectPages,
  ...charsetPages,
  ...compressedPages,
  ...failurePages,
  ...renderedPages,
];
