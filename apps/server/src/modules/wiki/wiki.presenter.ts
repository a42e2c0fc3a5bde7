import {
  isLocale,
  type Locale,
  type TAdminVideoAttributes,
  type TAdminWikiArticleAttributes,
  type TVideoAttributes,
  type TWikiArticleAttributes,
  type VideoProvider,
  type WikiStatus,
  wikiSectionSlug,
} from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { ArticleRow, VideoRow } from './wiki.queries.ts';
import { moreSource, renderMarkdown } from './wiki.render.ts';

/** Where an uploaded image is served (long-cached: an image's bytes never change under its id). */
export const imageUrl = (id: number | null) => (id === null ? null : `/api/wiki/images/${id}`);

/** Where an uploaded video file is served (long-cached, with Range support so players can seek). */
export const videoFileUrl = (id: number) => `/api/wiki/video-files/${id}`;

/** A file video's address on this site: its upload, else the address an operator gave. */
export const videoFileOf = (video: Pick<VideoRow, 'fileId' | 'fileUrl'>) =>
  video.fileId !== null ? videoFileUrl(video.fileId) : video.fileUrl;

/** An article's path with its language's prefix: `/en/wiki/faq/12-credits`. */
export function articlePath(row: { id: number; locale: string; section: number; slug: string }): string {
  return `/${row.locale}/wiki/${wikiSectionSlug(row.section) ?? 'blog'}/${row.id}-${row.slug}`;
}

export function sectionPath(locale: string, section: number): string {
  return `/${locale}/wiki/${wikiSectionSlug(section) ?? 'blog'}`;
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : 'en');

export interface Translation {
  id: number;
  groupKey: string;
  locale: string;
  section: number;
  slug: string;
}

export function presentArticle(
  row: ArticleRow,
  options: { translations: Translation[]; full: boolean },
): { id: number; type: 'articles'; attributes: TWikiArticleAttributes } {
  const more = moreSource(row);
  return resource('articles', row.id, {
    title: row.title,
    description: row.description,
    content: options.full ? renderMarkdown(row.content) : '',
    link: articlePath(row),
    publishedAt: iso(row.publishedAt),
    updatedAt: iso(row.updatedAt),
    more: more === null ? renderMarkdown(row.description) : renderMarkdown(more),
    image: imageUrl(row.coverImageId),
    category: row.category,
    tags: row.tags,
    section: row.section,
    sectionSlug: wikiSectionSlug(row.section) ?? 'blog',
    locale: localeOf(row.locale),
    translations: options.translations
      .filter((t) => t.groupKey === row.groupKey)
      .map((t) => ({ locale: localeOf(t.locale), id: t.id, link: articlePath(t) })),
  });
}

export function presentAdminArticle(
  row: ArticleRow,
  now = new Date(),
): { id: number; type: 'adminArticles'; attributes: TAdminWikiArticleAttributes } {
  return resource('adminArticles', row.id, {
    group: row.groupKey,
    locale: localeOf(row.locale),
    section: row.section,
    slug: row.slug,
    title: row.title,
    description: row.description,
    content: row.content,
    more: row.more,
    category: row.category,
    tags: row.tags,
    status: row.status as WikiStatus,
    publishedAt: iso(row.publishedAt),
    coverImageId: row.coverImageId,
    image: imageUrl(row.coverImageId),
    link: articlePath(row),
    visible: row.status === 'published' && row.publishedAt !== null && row.publishedAt <= now,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });
}

/** YouTube's privacy-enhanced host and Vimeo's do-not-track player: no cookie before play. */
export function videoEmbedUrl(
  video: Pick<VideoRow, 'provider' | 'externalId' | 'fileId' | 'fileUrl'>,
): string {
  if (video.provider === 'youtube')
    return `https://www.youtube-nocookie.com/embed/${video.externalId}?autoplay=1`;
  if (video.provider === 'vimeo')
    return `https://player.vimeo.com/video/${video.externalId}?dnt=1&autoplay=1`;
  return videoFileOf(video) ?? '';
}

export function presentVideo(video: VideoRow): { id: number; type: 'videos'; attributes: TVideoAttributes } {
  return resource('videos', video.id, {
    title: video.title,
    description: video.description,
    provider: video.provider as VideoProvider,
    externalId: video.externalId,
    embedUrl: videoEmbedUrl(video),
    poster: imageUrl(video.posterImageId),
    duration: video.duration,
  });
}

export function presentAdminVideo(video: VideoRow): {
  id: number;
  type: 'videos';
  attributes: TAdminVideoAttributes;
} {
  const { attributes } = presentVideo(video);
  return resource('videos', video.id, {
    ...attributes,
    fileId: video.fileId,
    fileUrl: videoFileOf(video),
    posterImageId: video.posterImageId,
    createdBy: video.createdBy,
    updatedBy: video.updatedBy,
    createdAt: iso(video.createdAt),
    updatedAt: iso(video.updatedAt),
  });
}
