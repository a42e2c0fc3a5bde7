import type { Config } from '../../config.ts';
import { ahrefsSource } from './ahrefs.ts';
import type { BacklinkSource } from './types.ts';

export type { BacklinkPage, BacklinkRow, BacklinkSource, PullEstimate } from './types.ts';
export { BacklinkPullError } from './types.ts';

/**
 * The configured backlink data services for action 10 (load to crawlers): Ahrefs when its key is set.
 * Without one the action is refused and the crawlers page's file import is the way. Each source holds
 * its service's pace: make them once per process.
 */
export function createBacklinkSources(config: Config['crawlers']): BacklinkSource[] {
  const { ahrefs } = config;
  return ahrefs.apiKey ? [ahrefsSource({ ...ahrefs, apiKey: ahrefs.apiKey })] : [];
}
