import type { Locale, TAdminWikiListQuery, TWikiListQuery } from '@linkwatch/shared';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import {
  mailings,
  users,
  wikiArticles,
  wikiImages,
  wikiMails,
  wikiReads,
  wikiSeeds,
  wikiVideos,
} from '../../db/schema/index.ts';

/**
 * Every statement of the wiki (issue 30). Articles are the product's own content, not a customer's:
 * readers see only what is published and due; operators' statements are reached through admin-only
 * routes. A user's own rows (`wiki_reads`) are read and written by their user id.
 */

export type ArticleRow = Omit<typeof wikiArticles.$inferSelect, 'search'>;
export type VideoRow = typeof wikiVideos.$inferSelect;
export type ImageRow = typeof wikiImages.$inferSelect;

/** Every column but the generated search vector. */
const articleColumns = {
  id: wikiArticles.id,
  groupKey: wikiArticles.groupKey,
  locale: wikiArticles.locale,
  section: wikiArticles.section,
  slug: wikiArticles.slug,
  title: wikiArticles.title,
  description: wikiArticles.description,
  content: wikiArticles.content,
  more: wikiArticles.more,
  category: wikiArticles.category,
  tags: wikiArticles.tags,
  status: wikiArticles.status,
  publishedAt: wikiArticles.publishedAt,
  coverImageId: wikiArticles.coverImageId,
  createdBy: wikiArticles.createdBy,
  updatedBy: wikiArticles.updatedBy,
  createdAt: wikiArticles.createdAt,
  updatedAt: wikiArticles.updatedAt,
};

/** Published, and its time has come: what readers see. */
export const visible = () =>
  and(eq(wikiArticles.status, 'published'), lte(wikiArticles.publishedAt, sql`now()`)) as SQL;

function readerWhere(locale: Locale, q: Omit<TWikiListQuery, 'page' | 'sort'>): SQL | undefined {
  return and(
    visible(),
    eq(wikiArticles.locale, locale),
    q.section === undefined ? undefined : eq(wikiArticles.section, q.section),
    q.category === undefined ? undefined : eq(wikiArticles.category, q.category),
    q.tag === undefined ? undefined : arrayContains(wikiArticles.tags, [q.tag]),
    q.search === undefined
      ? undefined
      : or(
          sql`${wikiArticles.search} @@ websearch_to_tsquery(wiki_config(${locale}), ${q.search})`,
          ilike(wikiArticles.title, `%${escapeLike(q.search)}%`),
        ),
  );
}

export async function listArticles(db: Queryable, locale: Locale, q: TWikiListQuery) {
  const where = readerWhere(locale, q);
  const order =
    q.sort.field === 'title'
      ? [q.sort.desc ? desc(wikiArticles.title) : asc(wikiArticles.title)]
      : [q.sort.desc ? desc(wikiArticles.publishedAt) : asc(wikiArticles.publishedAt)];
  const rows = await paginate(
    db
      .select(articleColumns)
      .from(wikiArticles)
      .where(where)
      .orderBy(...order, desc(wikiArticles.id))
      .$dynamic(),
    q.page,
  );
  const [total] = await db.select({ n: count() }).from(wikiArticles).where(where);
  return { rows: rows as ArticleRow[], total: total?.n ?? 0 };
}

export async function sectionCounts(db: Queryable, locale: Locale) {
  return db
    .select({ section: wikiArticles.section, n: count() })
    .from(wikiArticles)
    .where(and(visible(), eq(wikiArticles.locale, locale)))
    .groupBy(wikiArticles.section);
}

export async function tagCounts(db: Queryable, locale: Locale, section: number | undefined) {
  const tag = sql<string>`unnest(${wikiArticles.tags})`;
  const rows = await db
    .select({ name: tag.as('name'), n: count() })
    .from(wikiArticles)
    .where(
      and(
        visible(),
        eq(wikiArticles.locale, locale),
        section ? eq(wikiArticles.section, section) : undefined,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(desc(count()), asc(sql`1`));
  return rows;
}

export async function categoryCounts(db: Queryable, locale: Locale, section: number | undefined) {
  return db
    .select({ name: wikiArticles.category, n: count(), first: sql<number>`min(${wikiArticles.id})` })
    .from(wikiArticles)
    .where(
      and(
        visible(),
        eq(wikiArticles.locale, locale),
        sql`${wikiArticles.category} is not null`,
        section ? eq(wikiArticles.section, section) : undefined,
      ),
    )
    .groupBy(wikiArticles.category)
    .orderBy(sql`min(${wikiArticles.id})`);
}

export async function findVisibleArticle(db: Queryable, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(wikiArticles)
    .where(and(eq(wikiArticles.id, id), visible()));
  return row;
}

/** The visible versions of translation groups: their language switch and hreflang links. */
export async function visibleTranslations(db: Queryable, groups: string[]) {
  if (groups.length === 0) return [];
  return db
    .select({
      id: wikiArticles.id,
      groupKey: wikiArticles.groupKey,
      locale: wikiArticles.locale,
      section: wikiArticles.section,
      slug: wikiArticles.slug,
      updatedAt: wikiArticles.updatedAt,
    })
    .from(wikiArticles)
    .where(and(inArray(wikiArticles.groupKey, groups), visible()));
}

/** Every visible article, for the sitemap and the feeds. */
export async function allVisible(db: Queryable, filter: { locale?: Locale; section?: number } = {}) {
  return (await db
    .select(articleColumns)
    .from(wikiArticles)
    .where(
      and(
        visible(),
        filter.locale ? eq(wikiArticles.locale, filter.locale) : undefined,
        filter.section ? eq(wikiArticles.section, filter.section) : undefined,
      ),
    )
    .orderBy(desc(wikiArticles.publishedAt), desc(wikiArticles.id))) as ArticleRow[];
}

// The badge ------------------------------------------------------------------------------------------

export async function lastOpened(db: Queryable, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: wikiReads.openedAt, joined: users.createdAt })
    .from(users)
    .leftJoin(wikiReads, eq(wikiReads.userId, users.id))
    .where(eq(users.id, userId));
  return row ? (row.openedAt ?? row.joined) : null;
}

export async function countPublishedSince(db: Queryable, locale: Locale, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(wikiArticles)
    .where(and(visible(), eq(wikiArticles.locale, locale), gt(wikiArticles.publishedAt, since)));
  return row?.n ?? 0;
}

export async function markOpened(db: Queryable, userId: number) {
  await db
    .insert(wikiReads)
    .values({ userId, openedAt: sql`now()` })
    .onConflictDoUpdate({ target: wikiReads.userId, set: { openedAt: sql`now()` } });
}

// Operators ------------------------------------------------------------------------------------------

const ADMIN_SORT = {
  id: wikiArticles.id,
  publishedAt: wikiArticles.publishedAt,
  updatedAt: wikiArticles.updatedAt,
  title: wikiArticles.title,
} as const;

export async function searchAllArticles(db: Queryable, q: TAdminWikiListQuery) {
  const where = and(
    q.section === undefined ? undefined : eq(wikiArticles.section, q.section),
    q.locale === undefined ? undefined : eq(wikiArticles.locale, q.locale),
    q.status === undefined ? undefined : eq(wikiArticles.status, q.status),
    q.group === undefined ? undefined : eq(wikiArticles.groupKey, q.group),
    q.id === undefined ? undefined : eq(wikiArticles.id, q.id),
    q.search === undefined
      ? undefined
      : or(
          ilike(wikiArticles.title, `%${escapeLike(q.search)}%`),
          ilike(wikiArticles.groupKey, `%${escapeLike(q.search)}%`),
        ),
  );
  const column = ADMIN_SORT[q.sort.field];
  const rows = await paginate(
    db
      .select(articleColumns)
      .from(wikiArticles)
      .where(where)
      .orderBy(q.sort.desc ? desc(column) : asc(column), desc(wikiArticles.id))
      .$dynamic(),
    q.page,
  );
  const [total] = await db.select({ n: count() }).from(wikiArticles).where(where);
  return { rows: rows as ArticleRow[], total: total?.n ?? 0 };
}

export async function lockArticle(db: Queryable, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(wikiArticles)
    .where(eq(wikiArticles.id, id))
    .for('update');
  return row;
}

export async function findVersion(db: Queryable, groupKey: string, locale: string) {
  const [row] = await db
    .select({ id: wikiArticles.id })
    .from(wikiArticles)
    .where(and(eq(wikiArticles.groupKey, groupKey), eq(wikiArticles.locale, locale)));
  return row;
}

export type ArticleValues = Omit<
  typeof wikiArticles.$inferInsert,
  'id' | 'search' | 'createdAt' | 'updatedAt'
>;

export async function insertArticle(db: Queryable, values: ArticleValues): Promise<ArticleRow> {
  const [row] = await db.insert(wikiArticles).values(values).returning(articleColumns);
  return row;
}

export async function updateArticle(db: Queryable, id: number, values: Partial<ArticleValues>) {
  const [row] = await db
    .update(wikiArticles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(wikiArticles.id, id))
    .returning(articleColumns);
  return row;
}

export async function deleteArticle(db: Queryable, id: number) {
  await db.delete(wikiArticles).where(eq(wikiArticles.id, id));
}

// Images and videos ----------------------------------------------------------------------------------

export async function insertImage(db: Queryable, values: typeof wikiImages.$inferInsert) {
  const [row] = await db.insert(wikiImages).values(values).returning({
    id: wikiImages.id,
    mime: wikiImages.mime,
    size: wikiImages.size,
    sha256: wikiImages.sha256,
  });
  return row;
}

export async function findImage(db: Queryable, id: number): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(wikiImages).where(eq(wikiImages.id, id));
  return row;
}

export async function imageExists(db: Queryable, id: number) {
  const [row] = await db.select({ id: wikiImages.id }).from(wikiImages).where(eq(wikiImages.id, id));
  return row !== undefined;
}

export async function insertVideo(db: Queryable, values: typeof wikiVideos.$inferInsert): Promise<VideoRow> {
  const [row] = await db.insert(wikiVideos).values(values).returning();
  return row;
}

export async function findVideo(db: Queryable, id: number): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(wikiVideos).where(eq(wikiVideos.id, id));
  return row;
}

export async function findVideos(db: Queryable, ids: number[]): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(wikiVideos).where(inArray(wikiVideos.id, ids));
}

// The seed -------------------------------------------------------------------------------------------

export async function seededKeys(db: Queryable) {
  return db.select({ groupKey: wikiSeeds.groupKey, locale: wikiSeeds.locale }).from(wikiSeeds);
}

/** Records a seed file as loaded; false when another process did first (nothing else is written then). */
export async function claimSeed(db: Queryable, groupKey: string, locale: string): Promise<boolean> {
  const rows = await db
    .insert(wikiSeeds)
    .values({ groupKey, locale })
    .onConflictDoNothing()
    .returning({ groupKey: wikiSeeds.groupKey });
  return rows.length > 0;
}

/** A seed article, unless an operator's version of that group and language exists already. */
export async function insertSeedArticle(db: Queryable, values: ArticleValues) {
  await db.insert(wikiArticles).values(values).onConflictDoNothing();
}

// Publication mail -----------------------------------------------------------------------------------

/** Queues one mail per recipient with the wiki flag on; a recipient already queued for the group is kept. */
export async function queueWikiMails(db: Queryable, article: { id: number; groupKey: string }) {
  const rows = await db
    .insert(wikiMails)
    .select(
      db
        .select({
          groupKey: sql<string>`${article.groupKey}`.as('group_key'),
          mailingId: mailings.id,
          articleId: sql<number>`${article.id}`.as('article_id'),
          sentAt: sql<Date | null>`null`.as('sent_at'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(mailings)
        .where(eq(mailings.wiki, true)),
    )
    .onConflictDoNothing()
    .returning({ mailingId: wikiMails.mailingId });
  return rows.length;
}

/** A batch of unsent publication mails, locked so another worker takes others. */
export async function claimWikiMails(db: Queryable, limit: number) {
  return db
    .select({
      groupKey: wikiMails.groupKey,
      mailingId: wikiMails.mailingId,
      email: mailings.email,
      wiki: mailings.wiki,
      userId: mailings.userId,
      locale: users.locale,
    })
    .from(wikiMails)
    .innerJoin(mailings, eq(mailings.id, wikiMails.mailingId))
    .innerJoin(users, eq(users.id, mailings.userId))
    .where(and(isNull(wikiMails.sentAt), notWaitingForPublication()))
    .limit(limit)
    .for('update', { of: wikiMails, skipLocked: true });
}

/**
 * A scheduled article's mail waits until a version of it is visible; one unpublished since is claimed
 * (and dropped), as nothing will ever be sent for it.
 */
function notWaitingForPublication(): SQL {
  const version = (condition: SQL) =>
    sql`exists (select 1 from ${wikiArticles} where ${wikiArticles.groupKey} = ${wikiMails.groupKey} and ${condition})`;
  const scheduled = and(
    eq(wikiArticles.status, 'published'),
    sql`${wikiArticles.publishedAt} > now()`,
  ) as SQL;
  return sql`(${version(visible())} or not ${version(scheduled)})`;
}

export async function markWikiMailSent(db: Queryable, groupKey: string, mailingId: number) {
  await db
    .update(wikiMails)
    .set({ sentAt: new Date() })
    .where(and(eq(wikiMails.groupKey, groupKey), eq(wikiMails.mailingId, mailingId)));
}

export async function groupVersions(db: Queryable, groupKey: string): Promise<ArticleRow[]> {
  return (await db
    .select(articleColumns)
    .from(wikiArticles)
    .where(and(eq(wikiArticles.groupKey, groupKey), visible()))) as ArticleRow[];
}
