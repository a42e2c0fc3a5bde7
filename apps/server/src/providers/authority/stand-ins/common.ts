import {
  type Accepted,
  type Protocol,
  type StandIn,
  type StandInSettings,
  startStandIn,
} from '../../index-check/stand-ins/stand-in.ts';

/**
 * Loopback servers that answer as the authority services do, for the adapters' tests and the offline
 * demo. They run on index-check's generic stand-in (latency, a rate limit with Retry-After, the
 * failure modes, a record of requests); each protocol reads its service's request and answers from a
 * table of figures, by target, in that service's own shape.
 */
export interface AuthorityAccepted extends Accepted {
  targets: string[];
}

/** What an authority stand-in can be told: the generic server's settings, not the SERP ones. */
export type AuthorityStandInSettings = Partial<
  Pick<StandInSettings, 'latencyMs' | 'ratePerSecond' | 'burst' | 'mode'>
> & { port?: number; host?: string };

export interface AuthorityStandIn<F> extends Omit<StandIn, 'indexed' | 'set'> {
  /** The service's figures by target (a domain or a page URL as asked); change it at will. */
  readonly figures: Map<string, F>;
  set(settings: AuthorityStandInSettings): void;
}

export async function startAuthorityStandIn<F, A extends AuthorityAccepted>(
  protocol: Protocol<A>,
  figures: Map<string, F>,
  settings: AuthorityStandInSettings,
): Promise<AuthorityStandIn<F>> {
  const standIn = await startStandIn(protocol, { ...settings, neighbours: false, vary: false });
  return {
    url: standIn.url,
    counts: standIn.counts,
    requests: standIn.requests,
    figures,
    set: (changes) => standIn.set(changes),
    close: () => standIn.close(),
  };
}
