// The wiki's constants (issue 30), without zod: the reader's and the console's screens read them alone.
import { ContentSection } from '../constants.ts';

export type ContentSectionId = (typeof ContentSection)[keyof typeof ContentSection];

/** spec 4's content sections and the slug each has in a route (`/wiki/{section}`). */
export const WIKI_SECTIONS = [
  { id: ContentSection.Blog, slug: 'blog' },
  { id: ContentSection.Faq, slug: 'faq' },
  { id: ContentSection.News, slug: 'news' },
  { id: ContentSection.Cases, slug: 'cases' },
  { id: ContentSection.Solution, slug: 'solutions' },
  { id: ContentSection.Tutorials, slug: 'tutorials' },
] as const;
export type WikiSectionSlug = (typeof WIKI_SECTIONS)[number]['slug'];

export function wikiSectionSlug(id: number): WikiSectionSlug | undefined {
  return WIKI_SECTIONS.find((s) => s.id === id)?.slug;
}

/** A section by its id (`2`) or slug (`faq`). */
export function wikiSection(value: string | number | undefined) {
  if (value === undefined) return undefined;
  const text = String(value).toLowerCase();
  return WIKI_SECTIONS.find((s) => String(s.id) === text || s.slug === text);
}

export const WIKI_STATUSES = ['draft', 'published'] as const;
export type WikiStatus = (typeof WIKI_STATUSES)[number];

export const WIKI_SORT_FIELDS = ['publishedAt', 'title'] as const;
export const ADMIN_WIKI_SORT_FIELDS = ['id', 'publishedAt', 'updatedAt', 'title'] as const;

export const WIKI_TITLE_MAX = 200;
export const WIKI_DESCRIPTION_MAX = 1000;
export const WIKI_CONTENT_MAX = 200_000;
export const WIKI_CATEGORY_MAX = 100;
export const WIKI_TAG_MAX = 50;
export const WIKI_TAGS_MAX = 20;
export const WIKI_SLUG_MAX = 120;
export const WIKI_GROUP_MAX = 120;
export const WIKI_PAGE_MAX = 50;

/** Uploaded images: what the bytes must be, and how big. */
export const WIKI_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const WIKI_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded videos: what the bytes must be (the size limit is the server's WIKI_VIDEO_MAX_MB). */
export const WIKI_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'file'] as const;

/** A video's length as players show it, m:ss or h:mm:ss, the same in every language. */
export function videoClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** A slug from a title: lower case letters, digits and dashes (Cyrillic kept as it is). */
export function wikiSlug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, WIKI_SLUG_MAX)
      .replace(/-+$/g, '') || 'article'
  );
}

/** Articles on one page of a section's cards, in the app and in the server's HTML alike. */
export const WIKI_CARDS_PAGE_SIZE = 12;
/** The FAQ is read whole: its questions on one page, in the app and in the server's HTML alike. */
export const WIKI_FAQ_PAGE_SIZE = 50;
