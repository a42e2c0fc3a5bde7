import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Articles are markdown (CommonMark and tables) turned into HTML by markdown-it, and every byte of
 * that HTML goes through sanitize-html's allow-list: whoever wrote the text (an operator, a seed file,
 * a stolen operator session), no script, no event handler, no `javascript:` or `data:` URL, no style
 * survives. Raw HTML in the markdown is allowed in so far as the allow-list lets it through.
 */
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

/** `{{video 12}}` on a line of its own embeds video 12: a placeholder the reader turns into a player. */
const VIDEO_LINE = /^\{\{video (\d{1,10})\}\}\s*$/gm;
const MORE_MARK = /^<!--\s*more\s*-->\s*$/m;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'em',
    'strong',
    'del',
    's',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'hr',
    'br',
    'div',
    'span',
    'figure',
    'figcaption',
    'sup',
    'sub',
    'kbd',
    'dl',
    'dt',
    'dd',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['style'],
    td: ['style'],
    code: ['class'],
    div: ['class', 'data-video-id'],
    ol: ['start'],
    h2: ['id'],
    h3: ['id'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/], div: ['wiki-video'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'div' && frame.attribs.class === 'wiki-video' && !frame.attribs['data-video-id'],
};
// `rel`, `loading` and `decoding` are written by the transforms above, after the allow-list: let them be.
SANITIZE.allowedAttributes = {
  ...(SANITIZE.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
};

/** Sanitised HTML of an article's markdown. */
export function renderMarkdown(source: string): string {
  const withVideos = source.replace(
    VIDEO_LINE,
    (_, id: string) => `\n<div class="wiki-video" data-video-id="${id}"></div>\n`,
  );
  return sanitizeHtml(markdown.render(withVideos), SANITIZE);
}

/** Any HTML through the same allow-list (tests, and text that arrives as HTML). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** The ids of the videos a text embeds, in order. */
export function embeddedVideos(source: string): number[] {
  return [...source.matchAll(VIDEO_LINE)].map((m) => Number(m[1]));
}

/** The short text shown before 'more': the article's `more`, else what stands above `<!-- more -->`, else none. */
export function moreSource(article: { more: string | null; content: string }): string | null {
  if (article.more?.trim()) return article.more;
  const mark = MORE_MARK.exec(article.content);
  return mark ? article.content.slice(0, mark.index) : null;
}

/** Plain text of markdown, for meta descriptions and feeds' summaries. */
export function plainText(source: string, max = 300): string {
  const text = sanitizeHtml(renderMarkdown(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}
