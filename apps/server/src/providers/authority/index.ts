import type { Config } from '../../config.ts';
import { facebookProvider } from './facebook.ts';
import { type MozCredentials, mozProvider } from './moz.ts';
import { openPageRankProvider } from './openpagerank.ts';
import { semrushProvider } from './semrush.ts';
import type { AuthorityProvider, Looked } from './types.ts';

export type { AuthorityAnswer, AuthorityProvider, DomainFigures, Looked, PageFigures } from './types.ts';
export { NOT_PROVIDED } from './types.ts';

/**
 * The configured authority services, always in the same order (Open PageRank, Moz, Semrush, Facebook); each
 * fills its own fields (see types.ts), so a check asks every one of them. Empty when no service has
 * its credentials. Each provider holds its service's pace (rate, open requests, a 429's back-off):
 * make them once per process and share them between tasks.
 */
export function createAuthorityProviders(config: Config['authority']): AuthorityProvider[] {
  const { timeoutMs, openpagerank, moz, semrush, facebook } = config;
  const providers: AuthorityProvider[] = [];
  if (openpagerank.apiKey) {
    providers.push(openPageRankProvider({ ...openpagerank, apiKey: openpagerank.apiKey, timeoutMs }));
  }
  const credentials = mozCredentials(moz);
  if (credentials) providers.push(mozProvider({ ...moz, credentials, timeoutMs }));
  if (semrush.apiKey) providers.push(semrushProvider({ ...semrush, apiKey: semrush.apiKey, timeoutMs }));
  if (facebook.apiKey) providers.push(facebookProvider({ ...facebook, apiKey: facebook.apiKey, timeoutMs }));
  return providers;
}

/** A token wins over the legacy pair (Moz's own advice since March 2024); half a pair is none. */
function mozCredentials(moz: Config['authority']['moz']): MozCredentials | undefined {
  if (moz.token) return { token: moz.token };
  if (moz.accessId && moz.secretKey) return { accessId: moz.accessId, secretKey: moz.secretKey };
  return undefined;
}

/**
 * One target's figures from the providers' answers, in the providers' order: each field from the
 * first answer that has it (not null). Undefined when no provider answered for the target (every
 * entry missing or `unknown`): its fields stay as they were.
 */
export function combineFigures<F extends object>(entries: readonly (Looked<F> | undefined)[]): F | undefined {
  let combined: F | undefined;
  for (const entry of entries) {
    if (entry?.kind !== 'figures') continue;
    if (!combined) {
      combined = { ...entry.figures };
      continue;
    }
    const into = combined as Record<string, unknown>;
    for (const [field, value] of Object.entries(entry.figures)) {
      if (into[field] === null || into[field] === undefined) into[field] = value;
    }
  }
  return combined;
}
