import { IndexState, normalizeUrl, type TUpdateLinkRequest } from '@linkwatch/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { backlinks, links } from '../../db/schema/index.ts';
import { FieldError, notFound } from '../../errors.ts';
import { findLink, type Link } from './links.queries.ts';

/** A unique index refused the row; drizzle may wrap the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** What a check learnt about a page: it no longer holds once the link points to another page. */
const resetCheckResults = {
  title: null,
  indexing: IndexState.Unverified,
  indexingCapabilityId: null,
  metaRobots: null,
  xRobotsTag: null,
  canonical: null,
  responseCode: null,
  responseCodeGroup: null,
  redirect: null,
  countBacklinks: null,
  countBacklinksT2: null,
  pa: null,
  semRushULinks: null,
  missedChecks: 0,
  checkStatus: null,
  dateAddIndex: null,
  dateCheckData: null,
  dateCheckIndexing: null,
} satisfies Partial<typeof links.$inferInsert>;

/**
 * `PUT links/{id}`: the url comes without protocol (spec point 3); the link keeps the scheme it had.
 * A changed page starts unchecked, and its backlinks go: they were found on the old page.
 */
export async function updateLink(
  db: Queryable,
  params: { userId: number; id: number; input: TUpdateLinkRequest },
): Promise<Link> {
  const current = await findLink(db, params);
  if (!current) throw notFound();
  const scheme = current.url.startsWith('https:') ? 'https' : 'http';
  const url = normalizeUrl(`${scheme}://${params.input.url}`);
  if (!url) throw new FieldError({ url: 'validation.websiteAddressWithoutDomain' });
  const comment = params.input.comment || null;
  if (url === current.url) return saveLink(db, current, { comment });

  const [taken] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.campaignId, current.campaignId), eq(links.url, url), ne(links.id, current.id)));
  if (taken) throw new FieldError({ url: 'validation.unique' });
  try {
    return await db.transaction(async (tx) => {
      await tx.delete(backlinks).where(eq(backlinks.linkId, current.id));
      return saveLink(tx, current, { url, comment, ...resetCheckResults });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldError({ url: 'validation.unique' });
    throw error;
  }
}

async function saveLink(db: Queryable, current: Link, values: Partial<typeof links.$inferInsert>) {
  const [link] = await db.update(links).set(values).where(eq(links.id, current.id)).returning();
  return link;
}

/** `DELETE backlinks/{id}`: the link's backlink count follows. */
export async function deleteBacklink(db: Queryable, params: { userId: number; id: number }) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(backlinks)
      .where(and(eq(backlinks.id, params.id), eq(backlinks.userId, params.userId)))
      .returning({ linkId: backlinks.linkId });
    if (!deleted) throw notFound();
    await tx
      .update(links)
      .set({
        countBacklinks: sql`(select count(*)::int from ${backlinks} where ${backlinks.linkId} = ${deleted.linkId})`,
      })
      .where(eq(links.id, deleted.linkId));
  });
}
