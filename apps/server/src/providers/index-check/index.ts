import type { Config } from '../../config.ts';
import { dataForSeoChecker } from './dataforseo.ts';
import { serpApiChecker } from './serpapi.ts';
import { serperChecker } from './serper.ts';
import type { IndexChecker } from './types.ts';

/**
 * The configured index checkers, always in the same order (Serper, SerpApi, DataForSEO): the first
 * is asked first, the next one confirms a "not indexed". Empty when no service has a key.
 * Each checker holds its service's pace (rate, open requests, a 429's back-off): make them once per
 * process and share them between tasks, or two tasks would each use the whole limit.
 */
export function createIndexCheckers(config: Config['indexCheck']): IndexChecker[] {
  const { timeoutMs, serper, serpapi, dataforseo } = config;
  const checkers: IndexChecker[] = [];
  if (serper.apiKey) checkers.push(serperChecker({ ...serper, apiKey: serper.apiKey, timeoutMs }));
  if (serpapi.apiKey) checkers.push(serpApiChecker({ ...serpapi, apiKey: serpapi.apiKey, timeoutMs }));
  if (dataforseo.login && dataforseo.password) {
    checkers.push(
      dataForSeoChecker({ ...dataforseo, login: dataforseo.login, password: dataforseo.password, timeoutMs }),
    );
  }
  return checkers;
}
