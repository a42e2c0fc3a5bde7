import type { DomainFilters, DomainSortField, ExportFileFormat } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import type { PageQuery } from '../../http/present.ts';
import { findProject } from '../projects/projects.queries.ts';
import { allDomains, domainIds, domainLinks, listDomains } from './domains.queries.ts';

/** A domains-page call: the user's active links under the domain filters. */
interface DomainRequest {
  userId: number;
  filters: DomainFilters;
  sort: { field: DomainSortField; desc: boolean };
}

/**
 * `GET domains`: a page of the donor domains, each given its Domain row's id (a domain gets one the
 * first time it is listed), with the first of its links.
 */
export async function pageOfDomains(db: Queryable, params: DomainRequest & { page: PageQuery }) {
  const { userId, filters } = params;
  const { rows, total } = await listDomains(db, params);
  const names = rows.map((row) => row.domain);
  const [ids, linksOf] = await Promise.all([
    domainIds(db, { userId, domains: names }),
    domainLinks(db, { userId, filters, domains: names }),
  ]);
  return { rows, total, ids, linksOf };
}

/** `GET domains/export`: every domain of the view, and the file's name. */
export async function exportDomains(db: Queryable, params: DomainRequest & { format: ExportFileFormat }) {
  const { userId, filters } = params;
  const rows = await allDomains(db, params);
  const project = filters.project ? await findProject(db, { userId, id: filters.project }) : undefined;
  return { filename: `domains_${project?.name ?? 'all'}.${params.format}`, rows };
}
