import { normalizeUrl } from '../acceptors/normalize-url.ts';
import { RobotsStatus, type RobotsStatusId } from '../codes.ts';
import { headerDirectives, metaDirectives, type RobotsDirectives } from './robots-directives.ts';
import type { RobotsVerdict } from './robots-verdict.ts';

export interface IndexingFacts {
  robots: RobotsVerdict;
  /** Status of the last answer that was not a redirect; null when there was none. */
  finalStatus: number | null;
  finalUrl: string;
  xRobotsTags: readonly string[];
  metaRobots: string | null;
  agentMetaRobots: string | null;
  canonical: string | null;
}

/**
 * The page's robots status, first match wins (see README "Indexing capability"):
 * 10 robots.txt disallows LinkwatchBot or Googlebot → 2 the page refused with 4xx →
 * 9/7/8 X-Robots-Tag → 6/4/5 meta robots → 11 canonical elsewhere →
 * 3 something may keep crawlers out (robots.txt unreachable or closed to another search engine,
 * 5xx, no final answer) → 1 Allow.
 */
export function indexingCapabilityOf(facts: IndexingFacts): RobotsStatusId {
  if (facts.robots === 'disallowed') return RobotsStatus.RobotsTxt;
  if (facts.finalStatus !== null && facts.finalStatus >= 400 && facts.finalStatus < 500) {
    return RobotsStatus.Forbidden;
  }
  const header = directiveCapability(headerDirectives(facts.xRobotsTags), HEADER_CAPABILITIES);
  if (header) return header;
  const meta = directiveCapability(
    metaDirectives([facts.metaRobots, facts.agentMetaRobots]),
    META_CAPABILITIES,
  );
  if (meta) return meta;
  if (canonicalPointsElsewhere(facts)) return RobotsStatus.Canonical;
  if (mayBeForbidden(facts)) return RobotsStatus.MayBeForbidden;
  return RobotsStatus.Allow;
}

interface DirectiveCapabilities {
  none: RobotsStatusId;
  noindex: RobotsStatusId;
  nofollow: RobotsStatusId;
}

const HEADER_CAPABILITIES: DirectiveCapabilities = {
  none: RobotsStatus.XRobotsNone,
  noindex: RobotsStatus.XRobotsNoindex,
  nofollow: RobotsStatus.XRobotsNofollow,
};
const META_CAPABILITIES: DirectiveCapabilities = {
  none: RobotsStatus.MetaNone,
  noindex: RobotsStatus.MetaNoindex,
  nofollow: RobotsStatus.MetaNofollow,
};

/** "noindex, nofollow" says the same as "none" and is reported as such. */
function directiveCapability(
  directives: RobotsDirectives,
  codes: DirectiveCapabilities,
): RobotsStatusId | null {
  if (directives.noindex && directives.nofollow) return codes.none;
  if (directives.noindex) return codes.noindex;
  if (directives.nofollow) return codes.nofollow;
  return null;
}

function canonicalPointsElsewhere({ canonical, finalUrl }: IndexingFacts): boolean {
  if (!canonical) return false;
  const target = normalizeUrl(canonical);
  return target !== null && target !== normalizeUrl(finalUrl);
}

function mayBeForbidden({ robots, finalStatus }: IndexingFacts): boolean {
  if (robots === 'unreachable' || robots === 'other-crawler-disallowed') return true;
  return finalStatus === null || finalStatus >= 500 || finalStatus < 200 || finalStatus >= 300;
}
