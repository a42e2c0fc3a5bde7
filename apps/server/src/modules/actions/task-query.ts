import { query, ZActionCostQuery, ZActionSelectionQuery } from '@linkwatch/shared';
import { z } from 'zod';
import { RequestValidationError } from '../../http/errors.ts';
import { type Selection, selectionOf } from './selection.ts';
import type { ActionHandler } from './types.ts';

/**
 * The query of `POST actions/{action}/start` and `GET actions/{action}/balance` as the route takes it:
 * what it means depends on the action (a link selection, or a project task's own keys), so it is read
 * by `readTaskQuery` once the action is known.
 */
export const ZTaskQuery = z
  .looseObject({
    campaign: query.raw().describe('a link task: campaign id (every active link of the campaign)'),
    'links[]': query.raw().describe('a link task: link ids'),
    targetCampaign: query.raw().describe('a moving task: the campaign the links go to'),
    days: query.raw().describe('an indexing request: the days its pages are spread over (1–14)'),
    'filter[project]': query
      .raw()
      .describe('a crawler task (10, 17): project id; a link task: the list filter'),
    'ids[]': query.raw().describe('remove from crawlers (17): crawler record ids'),
    includeDeadFeeds: query
      .raw()
      .describe(
        'a paid link task: true to include tier 2 links that feed a dead tier 1 page (left out by default)',
      ),
  })
  .describe('the link list filters (link tasks) or the crawlers list filters (17) beside these');

export type TaskQuery =
  | { kind: 'links'; selection: Selection; filters: Record<string, unknown> }
  | { kind: 'project'; filters: Record<string, unknown> };

/** Parses like the route's own validation would: the first broken parameter answers 422. */
function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues.slice(0, 1));
  return parsed.data;
}

/** A start's query: the project task's filters, or the links selected and the filters remembered. */
export function readStartQuery(handler: ActionHandler | undefined, userId: number, raw: unknown): TaskQuery {
  if (handler?.project) return { kind: 'project', filters: parse(handler.project.query, raw) };
  const query = parse(ZActionSelectionQuery, raw);
  return { kind: 'links', selection: selectionOf(userId, query), filters: query.filters };
}

/** A price preview's query: the same, without what only a start remembers. */
export function readCostQuery(handler: ActionHandler | undefined, userId: number, raw: unknown): TaskQuery {
  if (handler?.project) return { kind: 'project', filters: parse(handler.project.query, raw) };
  return { kind: 'links', selection: selectionOf(userId, parse(ZActionCostQuery, raw)), filters: {} };
}
