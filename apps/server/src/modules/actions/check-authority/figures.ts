import {
  type AuthorityAnswer,
  type AuthorityProvider,
  combineFigures,
  type DomainFigures,
  type Looked,
  type PageFigures,
} from '../../../providers/authority/index.ts';
import { isTransientFailure } from '../../../providers/index-check/types.ts';

/** What every configured service said of one target: the fields each filled, and who answered. */
export type Merged<F> =
  | { kind: 'figures'; figures: F; providers: string[] }
  | { kind: 'unknown'; transient: boolean; retryAfterMs?: number; message: string };

/** What one link's check found: its domain's figures and its page's, each from whoever answered. */
export interface AuthorityResult {
  domain: string;
  domainFigures: Extract<Merged<DomainFigures>, { kind: 'figures' }> | null;
  pageFigures: Extract<Merged<PageFigures>, { kind: 'figures' }> | null;
}

/** The donor domain of a page as the Domain entity keys it: the host, lower-case, without `www.`. */
export function domainOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Asks every configured service about the domains and pages at once (each fills its own fields) and
 * merges their answers per target: a figure is the first non-null one in the services' order.
 */
export async function lookUpAll(
  providers: readonly AuthorityProvider[],
  targets: { domains: string[]; pages: string[] },
) {
  const answers = await Promise.all(providers.map((p) => p.lookup(targets)));
  return {
    domains: new Map(targets.domains.map((d) => [d, merge<DomainFigures>(answers, (a) => a.domains.get(d))])),
    pages: new Map(targets.pages.map((p) => [p, merge<PageFigures>(answers, (a) => a.pages.get(p))])),
  };
}

function merge<F extends object>(
  answers: readonly AuthorityAnswer[],
  pick: (answer: AuthorityAnswer) => Looked<F> | undefined,
): Merged<F> {
  const looked = answers.map(pick);
  const figures = combineFigures(looked);
  if (figures) {
    const providers = answers.filter((_, at) => looked[at]?.kind === 'figures').map((a) => a.provider);
    return { kind: 'figures', figures, providers };
  }
  const failures = looked.filter((l): l is Extract<Looked<F>, { kind: 'unknown' }> => l?.kind === 'unknown');
  const waits = failures.map((f) => f.retryAfterMs ?? 0);
  return {
    kind: 'unknown',
    transient: failures.some((f) => isTransientFailure(f.reason)),
    retryAfterMs: waits.length ? Math.max(...waits) : undefined,
    message: failures.map((f) => f.message).join('; ') || 'no authority service answered',
  };
}
