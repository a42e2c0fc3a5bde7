import { CrawlerSource, LINK_URL_MAX_LENGTH, normalizeUrl } from '@linkwatch/shared';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { BacklinkRow, BacklinkSource, PullEstimate } from '../../../providers/crawlers/index.ts';
import { BacklinkPullError } from '../../../providers/crawlers/index.ts';
import { type CrawlerImportResult, type CrawlerRow, importCrawlerRows } from '../../crawlers/index.ts';
import type { ProviderUnits } from '../types.ts';

/** What one pull did: the import it made and what it cost in the service's units. */
export interface PullResult extends CrawlerImportResult {
  provider: string;
  target: string;
  /** Rows the service gave, and those left out for a URL we cannot keep (too long, unreadable). */
  pulled: number;
  unreadable: number;
  units: number;
}

/** The domain a project's backlinks are asked for: its main domain's host, without www. */
export function pullTarget(mainDomain: string): string {
  const bare = mainDomain.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = bare.split(/[/?#]/)[0].replace(/:\d+$/, '').toLowerCase();
  return host.replace(/^www\./, '');
}

export function providerUnits(source: BacklinkSource, estimate: PullEstimate): ProviderUnits {
  return {
    provider: source.name,
    backlinks: estimate.backlinks,
    rows: estimate.rows,
    requests: estimate.requests,
    units: estimate.units,
    unitsLeft: estimate.unitsLeft,
    tooMany: estimate.tooMany,
  };
}

/** A refusal of the service before the task starts, in the user's words (nothing is charged). */
export function refusal(source: BacklinkSource, error: unknown): AppError {
  if (!(error instanceof BacklinkPullError)) throw error;
  return new AppError('invalid', `crawlerTasks.errors.service.${error.reason}`, {
    service: serviceName(source),
    max: source.maxRows.toLocaleString('en-US'),
  });
}

/** The service as the user knows it (the offline demo's stand-in speaks Ahrefs' API). */
export const serviceName = (source: BacklinkSource) =>
  source.name === 'ahrefs' || source.name === 'demo' ? 'Ahrefs' : source.name;

/**
 * Pulls every page of the target's backlinks first, then imports them as source 1 in one
 * transaction (the import's New / Active / RIP rules): a pull that fails half way imports nothing, so
 * the backlinks it did not reach never turn RIP. A pull is bounded by the source's maxRows.
 */
export async function pullIntoCrawlers(
  db: Db,
  params: {
    source: BacklinkSource;
    projectId: number;
    userId: number;
    mainDomain: string;
    signal?: AbortSignal;
  },
): Promise<PullResult> {
  const target = pullTarget(params.mainDomain);
  const rows: CrawlerRow[] = [];
  let pulled = 0;
  let unreadable = 0;
  let units = 0;
  for await (const page of params.source.backlinks(target, { signal: params.signal })) {
    units += page.units.costActual;
    for (const row of page.rows) {
      pulled += 1;
      const kept = crawlerRow(row, pulled);
      if (kept) rows.push(kept);
      else unreadable += 1;
    }
  }
  const imported = await importCrawlerRows(db, {
    projectId: params.projectId,
    userId: params.userId,
    source: CrawlerSource.Tool,
    rows: iterate(rows),
    fileName: `${serviceName(params.source)} API${params.source.name === 'demo' ? ' (demo)' : ''}: ${target}`,
    format: 'ahrefsApi',
  });
  return { ...imported, provider: params.source.name, target, pulled, unreadable, units };
}

/** A backlink as an import row; undefined for a referring page the import could not keep. */
function crawlerRow(row: BacklinkRow, line: number): CrawlerRow | undefined {
  const url = row.urlFrom.trim();
  if (url.length > LINK_URL_MAX_LENGTH || !normalizeUrl(url)) return undefined;
  return {
    line,
    url,
    targetUrl: row.urlTo,
    anchor: row.anchor,
    nofollow: row.nofollow,
    // The day the service last saw the link live: the crawlers table's "seen on".
    seenOn: row.lastVisited?.slice(0, 10) ?? row.firstSeen?.slice(0, 10) ?? null,
  };
}

async function* iterate<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}
