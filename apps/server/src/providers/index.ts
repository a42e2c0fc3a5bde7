import type { Config } from '../config.ts';
import { type AuthorityProvider, createAuthorityProviders } from './authority/index.ts';
import { type BacklinkSource, createBacklinkSources } from './crawlers/index.ts';
import { createIndexCheckers } from './index-check/index.ts';
import type { IndexChecker } from './index-check/types.ts';
import { createIndexers } from './indexing/index.ts';
import type { Indexer } from './indexing/types.ts';
import { createPaymentProviders, type PaymentProviders } from './payments/index.ts';

/**
 * The outside services tasks work through, by kind. A kind with no adapter configured is off: its
 * task cannot start and says so, and nothing is charged.
 */
export interface Providers {
  indexCheck: {
    /** In the order they are asked; a second one confirms a "not indexed". */
    adapters: IndexChecker[];
    /** With one adapter, how long before the same one is asked again to confirm a "not indexed". */
    confirmAfterMs: number;
    /** The offline demo's stand-in answers, not a real search engine: the screens say so. */
    demo?: boolean;
  };
  authority: {
    /** Every one is asked: each fills its own fields (see providers/authority/types.ts). */
    adapters: AuthorityProvider[];
    demo?: boolean;
  };
  indexing: {
    /** Donor services first, then the own-site ones (see providers/indexing/index.ts). */
    adapters: Indexer[];
    /** A page sent and still not indexed this long after is refunded. */
    refundAfterMs: number;
    demo?: boolean;
  };
  /** Backlink data services action 10 pulls a project's backlinks from (see providers/crawlers). */
  crawlers: { adapters: BacklinkSource[]; demo?: boolean };
  /** Top-up methods, each on when its provider's keys are set (see providers/payments/index.ts). */
  payments: PaymentProviders;
}

/** The kinds a task works through (payments are not a task's provider). */
export type ProviderKind = Exclude<keyof Providers, 'payments'>;

export function isConfigured(providers: Providers, kind: ProviderKind): boolean {
  return providers[kind].adapters.length > 0;
}

/** The providers the configuration turns on. */
export function createProviders(config: Config): Providers {
  return {
    indexCheck: {
      adapters: createIndexCheckers(config.indexCheck),
      confirmAfterMs: config.indexCheck.confirmAfterMs,
    },
    authority: { adapters: createAuthorityProviders(config.authority) },
    indexing: { adapters: createIndexers(config.indexing), refundAfterMs: config.indexing.refundAfterMs },
    crawlers: { adapters: createBacklinkSources(config.crawlers) },
    payments: createPaymentProviders(config),
  };
}
