import type { Config } from '../../config.ts';
import { googleIndexer, readServiceAccount } from './google-indexing.ts';
import { indexNowIndexer } from './indexnow.ts';
import { rapidUrlIndexer } from './rapid-url-indexer.ts';
import { speedyIndexIndexer } from './speedyindex.ts';
import type { Indexer } from './types.ts';

/**
 * The configured indexers, always in the same order: the donor services (SpeedyIndex, Rapid URL
 * Indexer), then the own-site ones (IndexNow, Google's Indexing API). Empty when none is on.
 * Each holds its service's pace, and Google's its daily quota: make them once per process and share
 * them between tasks. Throws when the Google service account's key file cannot be read.
 */
export function createIndexers(config: Config['indexing']): Indexer[] {
  const { timeoutMs, speedyindex, rapidurlindexer, indexnow, google } = config;
  const indexers: Indexer[] = [];
  if (speedyindex.apiKey) {
    indexers.push(speedyIndexIndexer({ ...speedyindex, apiKey: speedyindex.apiKey, timeoutMs }));
  }
  if (rapidurlindexer.apiKey) {
    indexers.push(rapidUrlIndexer({ ...rapidurlindexer, apiKey: rapidurlindexer.apiKey, timeoutMs }));
  }
  if (indexnow.enabled) indexers.push(indexNowIndexer({ ...indexnow, timeoutMs }));
  if (google.credentialsFile) {
    const serviceAccount = readServiceAccount(google.credentialsFile);
    indexers.push(googleIndexer({ ...google, serviceAccount, timeoutMs }));
  }
  return indexers;
}
