import {
  CRAWLER_CHART_DAYS,
  CRAWLER_CHART_MAX_DAYS,
  CRAWLER_TRACK_MAX,
  type CrawlerSelection,
  type CrawlerSourceId,
  DATE_MAX_TIME,
  type Locale,
  type TCrawlerTrackRequest,
  type TCrawlerTrackResult,
  XLSX_EXPORT_MAX_ROWS,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { Db } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import type { UploadActor } from '../links/upload.queries.ts';
import { storeUploadedLinks } from '../links/upload.service.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import { readCrawlerFile } from './crawler-file.ts';
import { importCrawlerRows, type SkippedRow } from './crawlers.import.ts';
import {
  campaignsByIds,
  campaignsOfProject,
  chartDays,
  countByStatus,
  countSelected,
  crawlerItemsOf,
  deleteOrphanLinks,
  deleteSelected,
  listCrawlerItems,
  selectedPages,
  trackedPages,
} from './crawlers.queries.ts';

/** The project, when it is the user's; another user's project is not found. */
export async function requireProject(db: Db, params: { userId: number; projectId: number }) {
  const project = await findProject(db, { userId: params.userId, id: params.projectId });
  if (!project) throw notFound();
  return project;
}

/** `GET crawlers/counts`: active, new and RIP records of the user's project, of one source or all. */
export async function crawlerCounts(db: Db, params: { userId: number; project: number; source?: number }) {
  await requireProject(db, { userId: params.userId, projectId: params.project });
  return countByStatus(db, params);
}

/** `GET crawlers`: a page of the project's records, and the campaigns that track their pages. */
export async function crawlerPage(db: Db, params: Parameters<typeof listCrawlerItems>[1]) {
  const { userId } = params;
  await requireProject(db, { userId, projectId: params.filters.project });
  const { rows, total } = await listCrawlerItems(db, params);
  const campaignIds = [...new Set(rows.flatMap((row) => row.campaign_ids))];
  const campaigns = await campaignsByIds(db, { userId, ids: campaignIds });
  return { rows, total, campaigns };
}

/**
 * `GET crawlers/export`: the project, its campaigns' names and the selection's records in order (read
 * as they are written out). An xlsx holds at most XLSX_EXPORT_MAX_ROWS rows.
 */
export async function crawlerExport(
  db: Db,
  params: Parameters<typeof crawlerItemsOf>[1] & { format: 'csv' | 'xlsx' },
) {
  const { userId, selection, sort } = params;
  const projectId = 'ids' in selection ? selection.project : selection.filters.project;
  const project = await requireProject(db, { userId, projectId });
  if (params.format === 'xlsx' && (await countSelected(db, { userId, selection })) > XLSX_EXPORT_MAX_ROWS)
    throw new FieldError({
      format: { key: 'links.exportXlsxTooMany', params: { max: XLSX_EXPORT_MAX_ROWS } },
    });
  const campaigns = await campaignsOfProject(db, { userId, projectId });
  const campaignNames = new Map(campaigns.map((c) => [c.id, c.name]));
  return { project, campaignNames, rows: crawlerItemsOf(db, { userId, selection, sort }) };
}

/** A skipped row as the answer lists it: its number, what it held, and why, in the caller's language. */
const skippedLine = (locale: Locale) => (row: SkippedRow) => ({
  line: row.line,
  value: row.value,
  reason: translate(locale, `crawlers.upload.skipped.${row.skipped.kind}`, { ...row.skipped }),
});

/** `POST crawlers/upload`: the saved file read and imported in one transaction. */
export async function importCrawlerFile(
  db: Db,
  params: {
    userId: number;
    projectId: number;
    source: CrawlerSourceId;
    file: { filename: string; path: string; size: number };
    locale: Locale;
  },
) {
  await requireProject(db, params);
  const read = await readCrawlerFile(params.file);
  const result = await importCrawlerRows(db, {
    projectId: params.projectId,
    userId: params.userId,
    source: params.source,
    rows: read.rows,
    fileName: params.file.filename,
    format: read.format,
  });
  return { ...result, invalid: result.invalid.map(skippedLine(params.locale)), format: read.format };
}

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
/** A day `days` later (or earlier), never past the last day a date may name. */
const shift = (day: string, days: number) =>
  new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS, DATE_MAX_TIME))
    .toISOString()
    .slice(0, 10);

/** `GET crawlers/chart`: every day of the span, the last CRAWLER_CHART_DAYS days by default. */
export async function crawlerChart(
  db: Db,
  params: { userId: number; project: number; source?: number; dateFrom?: string; dateTo?: string },
) {
  await requireProject(db, { userId: params.userId, projectId: params.project });
  const to = params.dateTo ?? (params.dateFrom ? shift(params.dateFrom, CRAWLER_CHART_DAYS - 1) : today());
  const from = params.dateFrom ?? shift(to, -(CRAWLER_CHART_DAYS - 1));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw new FieldError({ 'filter.dateTo': 'validation.invalid' });
  if (days > CRAWLER_CHART_MAX_DAYS)
    throw new FieldError({
      'filter.dateFrom': { key: 'validation.max', params: { max: CRAWLER_CHART_MAX_DAYS } },
    });
  return chartDays(db, { userId: params.userId, project: params.project, source: params.source, from, to });
}

/** `DELETE crawlers/delete`: the records go, with their history; pages no source lists any more too. */
export async function deleteCrawlerItems(db: Db, params: { userId: number; selection: CrawlerSelection }) {
  const project = 'ids' in params.selection ? params.selection.project : params.selection.filters.project;
  await requireProject(db, { userId: params.userId, projectId: project });
  return db.transaction(async (tx) => {
    const deleted = await deleteSelected(tx, params);
    await deleteOrphanLinks(tx, { project });
    return deleted;
  });
}

function trackSelection(body: TCrawlerTrackRequest): CrawlerSelection {
  if (body.ids && body.ids.length > 0) return { ids: body.ids, project: body.project };
  const f = body.filter ?? {};
  const day = (value: string | undefined, edge: 'from' | 'to') => {
    if (!value) return undefined;
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return new Date(edge === 'to' && value.length === 10 ? time + DAY_MS : time).toISOString();
  };
  return {
    filters: {
      project: body.project,
      source: f.source,
      status: f.status,
      dateFrom: day(f.dateFrom, 'from'),
      dateTo: day(f.dateTo, 'to'),
      query: f.query?.trim() || undefined,
    },
  };
}

/**
 * `POST crawlers/track`: the selected referring pages that are no link of the project yet are added
 * to the campaign by the links upload's own rules (one transaction, repeated URLs once, recorded as a
 * "load links" task); those already tracked anywhere in the project are counted as `already`.
 */
export async function trackCrawlerPages(
  db: Db,
  params: { userId: number; actor: UploadActor; body: TCrawlerTrackRequest; locale: Locale },
): Promise<TCrawlerTrackResult> {
  const { body } = params;
  await requireProject(db, { userId: params.userId, projectId: body.project });
  const found = await findCampaign(db, { userId: params.userId, id: body.campaign });
  if (!found) throw new FieldError({ campaign: 'validation.invalid' });
  if (found.campaign.projectId !== body.project)
    throw new FieldError({ campaign: 'crawlers.track.otherProject' });
  if (!body.ids?.length && !body.filter) throw new FieldError({ ids: 'crawlers.track.noSelection' });
  const urls = await selectedPages(db, { userId: params.userId, selection: trackSelection(body) });
  if (urls.length === 0) throw new FieldError({ ids: 'crawlers.track.noSelection' });
  if (urls.length > CRAWLER_TRACK_MAX)
    throw new FieldError({ ids: { key: 'validation.max', params: { max: CRAWLER_TRACK_MAX } } });
  const tracked = await trackedPages(db, { project: body.project, urls });
  const untracked = urls.filter((url) => !tracked.has(url));
  if (untracked.length === 0) return { added: 0, already: urls.length };
  const result = await storeUploadedLinks(db, {
    campaign: found.campaign,
    actor: params.actor,
    entries: untracked.map((value, i) => ({ line: i + 1, value })),
    locale: params.locale,
  });
  return { added: result.added, already: urls.length - result.added };
}
