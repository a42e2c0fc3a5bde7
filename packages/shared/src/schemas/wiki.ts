import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { rules } from '../validation.ts';
import { listOf, resource, single } from './common.ts';
import { pageOf, query } from './list-query.ts';
import {
  ADMIN_WIKI_SORT_FIELDS,
  VIDEO_PROVIDERS,
  WIKI_CATEGORY_MAX,
  WIKI_CONTENT_MAX,
  WIKI_DESCRIPTION_MAX,
  WIKI_GROUP_MAX,
  WIKI_PAGE_MAX,
  WIKI_SECTIONS,
  WIKI_SLUG_MAX,
  WIKI_SORT_FIELDS,
  WIKI_STATUSES,
  WIKI_TAG_MAX,
  WIKI_TAGS_MAX,
  WIKI_TITLE_MAX,
  wikiSection,
} from './wiki-constants.ts';

// ---------------------------------------------------------------------------------------------------
// The wiki (issue 30): spec point 7's `wiki/count`, `wiki/sections`, `wiki`, `wiki/tags`,
// `wiki/categories`, `wiki/{id}`, `video/{id}`, and the operators' calls under /api/admin/wiki.
// ---------------------------------------------------------------------------------------------------

const sectionParam = () => query.list((v) => wikiSection(v)?.id).transform((ids) => ids?.[0]);

/** `GET wiki`: published articles in the reader's language. */
export const ZWikiListQuery = z
  .object({
    ...query.page({ maxSize: WIKI_PAGE_MAX }, '1 to 50'),
    'filter[section]': sectionParam().describe('1..6 or blog, faq, news, cases, solutions, tutorials'),
    'filter[category]': query.trimmed().describe('a category, as `wiki/categories` names it'),
    'filter[tag]': query.trimmed().describe('a tag, as `wiki/tags` names it'),
    'filter[query]': query.trimmed().describe('words to find in the title, description and text'),
    sort: query.sort(WIKI_SORT_FIELDS, '-publishedAt').describe('publishedAt, title; -desc'),
  })
  .transform((q) => ({
    page: pageOf(q),
    section: q['filter[section]'],
    category: q['filter[category]'],
    tag: q['filter[tag]'],
    search: q['filter[query]'],
    sort: q.sort,
  }));
export type TWikiListQuery = z.output<typeof ZWikiListQuery>;

/** `GET wiki/tags`, `GET wiki/categories`: those of one section, or of all. */
export const ZWikiFacetQuery = z
  .object({ 'filter[section]': sectionParam().describe('1..6 or a section slug') })
  .transform((q) => ({ section: q['filter[section]'] }));
export type TWikiFacetQuery = z.output<typeof ZWikiFacetQuery>;

/** `wiki/{id}`: the id, a slug after it welcome (`12-how-credits-work`). */
export const ZWikiIdParams = z.object({
  id: rules
    .text('validation.numeric')
    .regex(/^\d{1,10}(-[^/]*)?$/, { error: 'validation.numeric' })
    .transform((v, ctx) => {
      const parsed = rules.id().safeParse(v.split('-')[0]);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: v });
      return z.NEVER;
    }),
});

const ZTranslation = z.object({ locale: z.enum(LOCALES), id: z.number(), link: z.string() });

export const ZWikiArticleAttributes = z.object({
  title: z.string(),
  description: z.string(),
  /** The full text as sanitised HTML (list items leave it empty). */
  content: z.string(),
  /** The article's path with the reader's locale prefix, e.g. `/en/wiki/faq/12-credits`. */
  link: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The short text shown before 'more', sanitised HTML. */
  more: z.string(),
  image: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  section: z.number(),
  sectionSlug: z.string(),
  locale: z.enum(LOCALES),
  translations: z.array(ZTranslation),
});
export type TWikiArticleAttributes = z.infer<typeof ZWikiArticleAttributes>;

export const ZWikiArticle = resource('articles', ZWikiArticleAttributes);
export type TWikiArticle = z.infer<typeof ZWikiArticle>;
export const ZWikiArticleResponse = single(ZWikiArticle);
export const ZWikiListResponse = listOf(ZWikiArticle);
export type TWikiListResponse = z.infer<typeof ZWikiListResponse>;

/** spec 3, Wiki section: id, name, count (published articles in the reader's language). */
export const ZWikiSectionsResponse = z.object({
  data: z.array(
    resource('wikiSections', z.object({ name: z.string(), slug: z.string(), count: z.number() })),
  ),
});
export type TWikiSectionsResponse = z.infer<typeof ZWikiSectionsResponse>;

/** spec 7: `wiki/count` is read at `data.attributes.count`. */
export const ZWikiCountResponse = z.object({
  data: z.object({ attributes: z.object({ count: z.number() }) }),
});

const ZFacet = z.object({ name: z.string(), count: z.number() });
export const ZWikiFacetResponse = z.object({ data: z.array(ZFacet) });
export type TWikiFacetResponse = z.infer<typeof ZWikiFacetResponse>;

export const ZVideoAttributes = z.object({
  title: z.string(),
  description: z.string(),
  provider: z.enum(VIDEO_PROVIDERS),
  /** The provider's id (YouTube, Vimeo) or null for an uploaded file. */
  externalId: z.string().nullable(),
  /** Where the player is: the provider's embed address (privacy mode) or the uploaded file. */
  embedUrl: z.string(),
  poster: z.string().nullable(),
  duration: z.number().nullable(),
});
export type TVideoAttributes = z.infer<typeof ZVideoAttributes>;
export const ZVideoResponse = single(resource('videos', ZVideoAttributes));
export type TVideoResponse = z.infer<typeof ZVideoResponse>;

// Operators ------------------------------------------------------------------------------------------

export const ZAdminWikiListQuery = z
  .object({
    ...query.page({ maxSize: WIKI_PAGE_MAX }, '1 to 50'),
    'filter[section]': sectionParam().describe('1..6 or a section slug'),
    'filter[locale]': query.oneOf(LOCALES).describe('en, ru, ua'),
    'filter[status]': query.oneOf(WIKI_STATUSES).describe('draft, published'),
    'filter[query]': query.trimmed().describe('part of a title or a translation group'),
    'filter[group]': query.trimmed().describe('a translation group'),
    'filter[id]': query.id().describe('one article'),
    sort: query
      .sort(ADMIN_WIKI_SORT_FIELDS, '-updatedAt')
      .describe('id, publishedAt, updatedAt, title; -desc'),
  })
  .transform((q) => ({
    page: pageOf(q),
    section: q['filter[section]'],
    locale: q['filter[locale]'],
    status: q['filter[status]'],
    search: q['filter[query]'],
    group: q['filter[group]'],
    id: q['filter[id]'],
    sort: q.sort,
  }));
export type TAdminWikiListQuery = z.output<typeof ZAdminWikiListQuery>;

const text = (max: number) => rules.text().trim().max(max, { error: 'validation.max' });
const required = (max: number) => rules.requiredString().max(max, { error: 'validation.max' });

/** An article as an operator writes it (`POST admin/wiki`, `PUT admin/wiki/{id}`). */
export const ZAdminWikiArticleRequest = z.object({
  group: text(WIKI_GROUP_MAX)
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'validation.invalid' })
    .nullish()
    .describe('translation group; a new one when left out'),
  locale: z.enum(LOCALES, { error: 'validation.invalid' }),
  section: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .refine((n) => WIKI_SECTIONS.some((s) => s.id === n), { error: 'validation.invalid' }),
  slug: text(WIKI_SLUG_MAX)
    .regex(/^[\p{Ll}\p{N}]+(-[\p{Ll}\p{N}]+)*$/u, { error: 'validation.invalid' })
    .nullish(),
  title: required(WIKI_TITLE_MAX),
  description: text(WIKI_DESCRIPTION_MAX).default(''),
  content: rules.text().max(WIKI_CONTENT_MAX, { error: 'validation.max' }).default(''),
  more: rules
    .text()
    .max(WIKI_DESCRIPTION_MAX * 4, { error: 'validation.max' })
    .nullish(),
  category: text(WIKI_CATEGORY_MAX).nullish(),
  tags: z
    .array(required(WIKI_TAG_MAX), { error: 'validation.invalid' })
    .max(WIKI_TAGS_MAX, { error: 'validation.max' })
    .default([]),
  status: z.enum(WIKI_STATUSES, { error: 'validation.invalid' }).default('draft'),
  /** When it appears; a future date schedules it (with status published). */
  publishedAt: rules.date().nullish(),
  coverImageId: rules.id().nullish(),
  /** At publication: mail it to every report recipient with the wiki flag on. */
  mail: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type TAdminWikiArticleRequest = z.input<typeof ZAdminWikiArticleRequest>;
export type TAdminWikiArticleInput = z.output<typeof ZAdminWikiArticleRequest>;

export const ZAdminWikiArticleAttributes = z.object({
  group: z.string(),
  locale: z.enum(LOCALES),
  section: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** The markdown as written. */
  content: z.string(),
  more: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(WIKI_STATUSES),
  publishedAt: z.string().nullable(),
  coverImageId: z.number().nullable(),
  image: z.string().nullable(),
  link: z.string(),
  /** Published and due: what readers see now. */
  visible: z.boolean(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminWikiArticleAttributes = z.infer<typeof ZAdminWikiArticleAttributes>;
export const ZAdminWikiArticle = resource('adminArticles', ZAdminWikiArticleAttributes);
export type TAdminWikiArticle = z.infer<typeof ZAdminWikiArticle>;
export const ZAdminWikiArticleResponse = single(ZAdminWikiArticle);
export const ZAdminWikiListResponse = listOf(ZAdminWikiArticle);
export type TAdminWikiListResponse = z.infer<typeof ZAdminWikiListResponse>;

/** `POST admin/wiki/preview`: markdown in, the HTML readers would see out. */
export const ZAdminWikiPreviewRequest = z.object({
  content: rules.text().max(WIKI_CONTENT_MAX, { error: 'validation.max' }),
});
export const ZAdminWikiPreviewResponse = z.object({ data: z.object({ html: z.string() }) });

/** `POST admin/wiki/images` (multipart, `file`). */
export const ZWikiImageResponse = single(
  resource('wikiImages', z.object({ url: z.string(), mime: z.string(), size: z.number() })),
);
export type TWikiImageResponse = z.infer<typeof ZWikiImageResponse>;

export const ZAdminVideoRequest = z.object({
  title: required(WIKI_TITLE_MAX),
  description: text(WIKI_DESCRIPTION_MAX).default(''),
  provider: z.enum(VIDEO_PROVIDERS, { error: 'validation.invalid' }),
  /** A YouTube or Vimeo id. */
  externalId: text(200)
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' })
    .nullish(),
  /** For `file`: an uploaded video (`POST admin/videos/files`). */
  fileId: rules.id().nullish(),
  /** For `file`, instead of an upload: the address of a video on this site. */
  fileUrl: text(500)
    .regex(/^\/[^\s]*$/, { error: 'validation.invalid' })
    .nullish(),
  posterImageId: rules.id().nullish(),
  duration: z.number({ error: 'validation.invalid' }).int().min(0).max(86_400).nullish(),
});
export type TAdminVideoRequest = z.input<typeof ZAdminVideoRequest>;
export type TAdminVideoInput = z.output<typeof ZAdminVideoRequest>;

/** A video as operators see it: what readers get, plus what it is made of and who changed it. */
export const ZAdminVideoAttributes = ZVideoAttributes.extend({
  fileId: z.number().nullable(),
  fileUrl: z.string().nullable(),
  posterImageId: z.number().nullable(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminVideoAttributes = z.infer<typeof ZAdminVideoAttributes>;
export const ZAdminVideo = resource('videos', ZAdminVideoAttributes);
export type TAdminVideo = z.infer<typeof ZAdminVideo>;
export const ZAdminVideoResponse = single(ZAdminVideo);
export type TAdminVideoResponse = z.infer<typeof ZAdminVideoResponse>;
export const ZAdminVideoListResponse = listOf(ZAdminVideo);
export type TAdminVideoListResponse = z.infer<typeof ZAdminVideoListResponse>;

export const ZAdminVideoListQuery = z
  .object({
    ...query.page({ maxSize: WIKI_PAGE_MAX }, '1 to 50'),
    'filter[query]': query.trimmed().describe('part of a title'),
  })
  .transform((q) => ({ page: pageOf(q), search: q['filter[query]'] }));
export type TAdminVideoListQuery = z.output<typeof ZAdminVideoListQuery>;

/** `POST admin/videos/files` (multipart, `file`): an mp4 or webm, by its bytes. */
export const ZWikiVideoFileResponse = single(
  resource('wikiVideoFiles', z.object({ url: z.string(), mime: z.string(), size: z.number() })),
);
export type TWikiVideoFileResponse = z.infer<typeof ZWikiVideoFileResponse>;
