import { randomBytes } from 'node:crypto';
import {
  type Locale,
  type TAdminWikiArticleInput,
  type TAdminWikiListQuery,
  type TWikiFacetQuery,
  type TWikiListQuery,
  WIKI_IMAGE_MAX_BYTES,
  WIKI_IMAGE_TYPES,
  WIKI_SECTIONS,
  wikiSlug,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import { insertAudit } from '../admin/admin.queries.ts';
import {
  type ArticleRow,
  type ArticleValues,
  allVisible,
  categoryCounts,
  countPublishedSince,
  deleteArticle,
  findImage,
  findVersion,
  findVideo,
  findVideos,
  findVisibleArticle,
  imageExists,
  insertArticle,
  insertImage,
  lastOpened,
  listArticles,
  lockArticle,
  markOpened,
  queueWikiMails,
  searchAllArticles,
  sectionCounts,
  tagCounts,
  updateArticle,
  visibleTranslations,
} from './wiki.queries.ts';
import { renderMarkdown } from './wiki.render.ts';
import { checkedUpload } from './wiki-upload.ts';

/** The reader's side of the wiki (issue 30): published and due articles only. */

export async function readerList(ctx: AppContext, locale: Locale, q: TWikiListQuery) {
  const found = await listArticles(ctx.db, locale, q);
  const translations = await visibleTranslations(ctx.db, [...new Set(found.rows.map((r) => r.groupKey))]);
  return { ...found, translations };
}

export async function readerArticle(ctx: AppContext, id: number) {
  const row = await findVisibleArticle(ctx.db, id);
  if (!row) throw notFound();
  return { row, translations: await visibleTranslations(ctx.db, [row.groupKey]) };
}

/** The sections with their counts; a signed-in reader has now opened the wiki (the badge goes to 0). */
export async function readerSections(ctx: AppContext, locale: Locale, userId: number | null) {
  const counts = await sectionCounts(ctx.db, locale);
  if (userId !== null) await markOpened(ctx.db, userId);
  return WIKI_SECTIONS.map((s) => ({
    id: s.id,
    slug: s.slug,
    name: translate(locale, `wiki.sections.${s.slug}`),
    count: counts.find((c) => c.section === s.id)?.n ?? 0,
  }));
}

/** The badge: articles in the reader's language published since they last opened the wiki. */
export async function unreadCount(ctx: AppContext, locale: Locale, userId: number) {
  const since = await lastOpened(ctx.db, userId);
  return since ? countPublishedSince(ctx.db, locale, since) : 0;
}

export async function readerTags(ctx: AppContext, locale: Locale, q: TWikiFacetQuery) {
  return (await tagCounts(ctx.db, locale, q.section)).map((r) => ({ name: r.name, count: r.n }));
}

export async function readerCategories(ctx: AppContext, locale: Locale, q: TWikiFacetQuery) {
  return (await categoryCounts(ctx.db, locale, q.section)).map((r) => ({ name: r.name ?? '', count: r.n }));
}

export async function video(ctx: AppContext, id: number) {
  const found = await findVideo(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

/** The videos an article's text embeds (its public page's players, fallbacks and VideoObjects). */
export async function videosOf(ctx: AppContext, ids: number[]) {
  return findVideos(ctx.db, ids);
}

export async function image(ctx: AppContext, id: number) {
  const found = await findImage(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

export async function publicArticles(ctx: AppContext, filter: { locale?: Locale; section?: number } = {}) {
  return allVisible(ctx.db, filter);
}

export async function publicArticle(ctx: AppContext, id: number) {
  const row = await findVisibleArticle(ctx.db, id);
  if (!row) return null;
  return { row, translations: await visibleTranslations(ctx.db, [row.groupKey]) };
}

// Operators ------------------------------------------------------------------------------------------

export async function adminList(ctx: AppContext, q: TAdminWikiListQuery) {
  return searchAllArticles(ctx.db, q);
}

export function preview(content: string) {
  return renderMarkdown(content);
}

const newGroup = () => `article-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** The row's values from an operator's input: a published article without a date is published now. */
function articleValues(input: TAdminWikiArticleInput) {
  const publishedAt = input.publishedAt
    ? new Date(input.publishedAt)
    : input.status === 'published'
      ? new Date()
      : null;
  return {
    locale: input.locale,
    section: input.section,
    slug: input.slug || wikiSlug(input.title),
    title: input.title,
    description: input.description,
    content: input.content,
    more: input.more?.trim() ? input.more : null,
    category: input.category || null,
    tags: [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))],
    status: input.status,
    publishedAt,
    coverImageId: input.coverImageId ?? null,
  } satisfies Partial<ArticleValues>;
}

async function checkCover(ctx: AppContext, input: TAdminWikiArticleInput) {
  if (input.coverImageId && !(await imageExists(ctx.db, input.coverImageId)))
    throw new FieldError({ coverImageId: 'validation.invalid' });
}

const auditView = (row: ArticleRow) => ({
  group: row.groupKey,
  locale: row.locale,
  section: row.section,
  title: row.title,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

export async function createArticle(ctx: AppContext, actorId: number, input: TAdminWikiArticleInput) {
  await checkCover(ctx, input);
  const groupKey = input.group || newGroup();
  return ctx.db.transaction(async (tx) => {
    if (await findVersion(tx, groupKey, input.locale))
      throw new FieldError({ locale: 'wiki.errors.versionExists' }, 'wiki.errors.versionExists');
    const row = await insertArticle(tx, {
      ...articleValues(input),
      groupKey,
      createdBy: actorId,
      updatedBy: actorId,
    });
    await insertAudit(tx, { actorId, kind: 'wiki.create', subject: String(row.id), after: auditView(row) });
    const mailed = input.mail && row.status === 'published' ? await queueWikiMails(tx, row) : 0;
    return { row, mailed };
  });
}

export async function changeArticle(
  ctx: AppContext,
  actorId: number,
  id: number,
  input: TAdminWikiArticleInput,
) {
  await checkCover(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const before = await lockArticle(tx, id);
    if (!before) throw notFound();
    const groupKey = input.group || before.groupKey;
    const other = await findVersion(tx, groupKey, input.locale);
    if (other && other.id !== id)
      throw new FieldError({ locale: 'wiki.errors.versionExists' }, 'wiki.errors.versionExists');
    const row = await updateArticle(tx, id, { ...articleValues(input), groupKey, updatedBy: actorId });
    await insertAudit(tx, {
      actorId,
      kind: 'wiki.update',
      subject: String(id),
      before: auditView(before),
      after: auditView(row),
    });
    const mailed = input.mail && row.status === 'published' ? await queueWikiMails(tx, row) : 0;
    return { row, mailed };
  });
}

export async function removeArticle(ctx: AppContext, actorId: number, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockArticle(tx, id);
    if (!before) throw notFound();
    await deleteArticle(tx, id);
    await insertAudit(tx, { actorId, kind: 'wiki.delete', subject: String(id), before: auditView(before) });
  });
}

/** An image, by what its bytes are (not its name or the type the browser claims), within the size limit. */
export async function uploadImage(ctx: AppContext, actorId: number, file: { content: Buffer } | undefined) {
  const checked = await checkedUpload(file, {
    maxBytes: WIKI_IMAGE_MAX_BYTES,
    tooLarge: () =>
      new FieldError({
        file: { key: 'wiki.errors.imageTooLarge', params: { max: WIKI_IMAGE_MAX_BYTES / 1024 / 1024 } },
      }),
    types: WIKI_IMAGE_TYPES,
    typeError: 'wiki.errors.imageType',
  });
  return ctx.db.transaction(async (tx) => {
    const row = await insertImage(tx, { ...checked, createdBy: actorId });
    await insertAudit(tx, {
      actorId,
      kind: 'wiki.image',
      subject: String(row.id),
      after: { mime: row.mime, size: row.size },
    });
    return row;
  });
}
