import type { AcceptorMatcher } from '../acceptors/acceptor-matcher.ts';
import { LinkElementKind, type LinkElementKindId } from '../codes.ts';
import type { FoundBacklink } from '../types.ts';
import { quickHostOf } from './quick-host.ts';
import { relAttribute, relTokens } from './rel.ts';
import type { TagHandler } from './tag-stream.ts';
import { collapseWhitespace, firstChars } from './text.ts';
import { VisibleTextTrail } from './visible-text.ts';

/** What the parser learns about a donor page besides raw bytes. */
export interface DonorPageFacts {
  title: string | null;
  /** Content of `<meta name="robots">` tags, joined with ", " when there are several. */
  metaRobots: string | null;
  /** Content of `<meta name="googlebot">` / `<meta name="linkwatchbot">`: they bind those crawlers too. */
  agentMetaRobots: string | null;
  /** First `<link rel="canonical">`, resolved. */
  canonical: string | null;
  backlinks: FoundBacklink[];
}

// Text inside these is never shown as page content.
const HIDDEN_TEXT_TAGS = new Set(['script', 'style', 'template', 'title', 'noframes']);
const BLOCK_TAGS = new Set(
  (
    'address article aside blockquote br button dd details dialog div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol option p pre section summary table tbody td ' +
    'tfoot th thead tr ul'
  ).split(' '),
);
/** The only tags whose attributes are read. */
export const TAGS_WITH_ATTRIBUTES: ReadonlySet<string> = new Set(['a', 'img', 'link', 'meta', 'base']);
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});
const AGENT_META_NAMES = new Set(['googlebot', 'linkwatchbot']);
const MAX_ANCHOR_CHARS = 1000;
const MAX_TITLE_CHARS = 1000;

interface OpenAnchor {
  backlink: FoundBacklink;
  text: string;
  imageAlt: string | null;
}

/**
 * TagStream callbacks that collect backlinks to the acceptors, their evidence text and the
 * page's robots-related facts in one streaming pass.
 */
export class DonorPageHandler implements TagHandler {
  readonly #acceptors: AcceptorMatcher;
  #baseUrl: URL;
  /** Whether links relative to the base URL can be backlinks (the donor page is on an acceptor host). */
  #relativeMayMatch: boolean;
  #baseElementSeen = false;
  readonly #text = new VisibleTextTrail();
  #hiddenDepth = 0;
  #svgDepth = 0;
  #titleState: 'before' | 'inside' | 'done' = 'before';
  #title = '';
  #openAnchor: OpenAnchor | null = null;
  readonly #metaRobots: string[] = [];
  readonly #agentMetaRobots: string[] = [];
  #canonical: string | null = null;
  readonly #backlinks: FoundBacklink[] = [];

  constructor({ documentUrl, acceptors }: { documentUrl: URL; acceptors: AcceptorMatcher }) {
    this.#acceptors = acceptors;
    this.#baseUrl = documentUrl;
    this.#relativeMayMatch = acceptors.mayMatchHost(documentUrl.hostname);
  }

  onopentag(name: string, attribsOrNull: Record<string, string> | null): void {
    if (HIDDEN_TEXT_TAGS.has(name)) this.#hiddenDepth++;
    if (BLOCK_TAGS.has(name)) this.#text.breakWord();
    const attribs = attribsOrNull ?? NO_ATTRIBUTES;
    switch (name) {
      case 'a':
        this.#openLink(attribs);
        break;
      case 'img':
        this.#noteImage(attribs);
        break;
      case 'link':
        this.#noteLinkElement(attribs);
        break;
      case 'meta':
        this.#noteMeta(attribs);
        break;
      case 'base':
        this.#noteBase(attribs);
        break;
      case 'title':
        if (this.#titleState === 'before' && this.#svgDepth === 0) this.#titleState = 'inside';
        break;
      case 'svg':
        this.#svgDepth++;
        break;
    }
  }

  onclosetag(name: string): void {
    if (HIDDEN_TEXT_TAGS.has(name) && this.#hiddenDepth > 0) this.#hiddenDepth--;
    if (BLOCK_TAGS.has(name)) this.#text.breakWord();
    if (name === 'a') this.#closeLink();
    else if (name === 'title' && this.#titleState === 'inside') this.#titleState = 'done';
    else if (name === 'svg' && this.#svgDepth > 0) this.#svgDepth--;
  }

  wantsText(): boolean {
    return this.#titleState === 'inside' || this.#hiddenDepth === 0;
  }

  ontext(data: string): void {
    if (this.#titleState === 'inside') {
      if (this.#title.length < MAX_TITLE_CHARS) this.#title += data;
      return;
    }
    if (this.#hiddenDepth > 0) return;
    this.#text.append(data);
    const anchor = this.#openAnchor;
    if (anchor && anchor.text.length < MAX_ANCHOR_CHARS) anchor.text += data;
  }

  /** Call after the parser's own end(): it closes unclosed tags first. */
  facts(): DonorPageFacts {
    this.#closeLink();
    this.#text.finish();
    const title = collapseWhitespace(this.#title).trim();
    return {
      title: this.#titleState === 'before' ? null : firstChars(title, MAX_TITLE_CHARS),
      metaRobots: joinOrNull(this.#metaRobots),
      agentMetaRobots: joinOrNull(this.#agentMetaRobots),
      canonical: this.#canonical,
      backlinks: this.#backlinks,
    };
  }

  #openLink(attribs: Record<string, string>): void {
    // Browsers close an open <a> when another one starts; nested links are not a thing.
    this.#closeLink();
    const target = this.#acceptedTarget(attribs.href);
    if (!target) return;
    const backlink = this.#startBacklink({ target, rel: attribs.rel, typeId: LinkElementKind.Href });
    this.#openAnchor = { backlink, text: '', imageAlt: null };
  }

  #noteImage(attribs: Record<string, string>): void {
    const anchor = this.#openAnchor;
    if (!anchor || anchor.imageAlt !== null) return;
    anchor.imageAlt = attribs.alt ?? '';
  }

  /** An image link has no text of its own; its alt text is its anchor. */
  #closeLink(): void {
    const anchor = this.#openAnchor;
    if (!anchor) return;
    this.#openAnchor = null;
    const text = collapseWhitespace(anchor.text).trim();
    const isImageLink = text === '' && anchor.imageAlt !== null;
    anchor.backlink.typeId = isImageLink ? LinkElementKind.Image : LinkElementKind.Href;
    const anchorText = isImageLink ? collapseWhitespace(anchor.imageAlt ?? '').trim() : text;
    anchor.backlink.anchor = firstChars(anchorText, MAX_ANCHOR_CHARS);
    this.#text.collectTextAfter(anchor.backlink);
  }

  #noteLinkElement(attribs: Record<string, string>): void {
    const rel = relTokens(attribs.rel);
    const isCanonical = rel.includes('canonical');
    const isHreflang = rel.includes('alternate') && attribs.hreflang !== undefined;
    if (!isCanonical && !isHreflang) return;
    const target = this.#resolve(attribs.href);
    if (!target) return;
    if (isCanonical && this.#canonical === null) this.#canonical = target.href;
    if (!this.#acceptors.matches(target)) return;
    const typeId = isCanonical ? LinkElementKind.Canonical : LinkElementKind.Hreflang;
    const backlink = this.#startBacklink({ target, rel: attribs.rel, typeId });
    this.#text.collectTextAfter(backlink);
  }

  #noteMeta(attribs: Record<string, string>): void {
    const name = attribs.name?.trim().toLowerCase();
    const content = attribs.content?.trim();
    if (!name || !content) return;
    if (name === 'robots') this.#metaRobots.push(content);
    else if (AGENT_META_NAMES.has(name)) this.#agentMetaRobots.push(content);
  }

  /** Only the first <base href> counts (HTML spec). */
  #noteBase(attribs: Record<string, string>): void {
    if (this.#baseElementSeen || attribs.href === undefined) return;
    this.#baseElementSeen = true;
    const base = this.#resolve(attribs.href);
    if (!base) return;
    this.#baseUrl = base;
    this.#relativeMayMatch = this.#acceptors.mayMatchHost(base.hostname);
  }

  #startBacklink({
    target,
    rel,
    typeId,
  }: {
    target: URL;
    rel: string | undefined;
    typeId: LinkElementKindId;
  }): FoundBacklink {
    const tokens = relTokens(rel);
    const backlink: FoundBacklink = {
      href: target.href,
      anchor: '',
      attribute: relAttribute(tokens),
      rel: tokens,
      typeId,
      textBefore: this.#text.textBefore(),
      textAfter: '',
    };
    this.#backlinks.push(backlink);
    return backlink;
  }

  #acceptedTarget(href: string | undefined): URL | null {
    if (href === undefined || this.#cannotMatch(href)) return null;
    const target = this.#resolve(href);
    return target && this.#acceptors.matches(target) ? target : null;
  }

  /** True only when the href certainly leads to a host no acceptor covers. */
  #cannotMatch(href: string): boolean {
    if (!this.#relativeMayMatch && !this.#acceptors.mayBeNamedIn(href)) return true;
    const quick = quickHostOf(href);
    switch (quick.kind) {
      case 'not-http':
        return true;
      case 'relative':
        return !this.#relativeMayMatch;
      case 'host':
        return !this.#acceptors.mayMatchHost(quick.host);
      default:
        return false;
    }
  }

  /** Resolves against <base href> or the document URL; only http(s) targets can be backlinks. */
  #resolve(href: string | undefined): URL | null {
    if (href === undefined) return null;
    try {
      // No trim(): the URL parser strips C0 controls and spaces itself, and nothing else (as browsers do).
      const url = new URL(href, this.#baseUrl);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
    } catch {
      return null;
    }
  }
}

function joinOrNull(values: string[]): string | null {
  return values.length === 0 ? null : values.join(', ');
}
