import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from 'playwright-core';
import { Semaphore } from '../limits/semaphore.ts';
import type { LookupFunction } from '../net/guarded-lookup.ts';
import { BLOCKED_RESOURCE_TYPES, isBlockedTrackerHost } from './blocked-hosts.ts';
import { type GuardProxy, type RefusedRequest, startGuardProxy } from './guard-proxy.ts';

/**
 * A bounded pool of headless Chromium browsers that load a page, let its scripts run and hand back
 * the rendered DOM. Each page gets a fresh browser context (no cookies, storage or cache shared
 * between pages); every request goes through our SSRF proxy (guard-proxy.ts); images, fonts, media
 * and known ad/analytics hosts are never requested; a page has a time and a byte budget; a browser
 * that crashed or hung is killed and replaced, and the page it was rendering is tried once more.
 */

export interface RendererOptions {
  /** Browsers at most (RENDER_BROWSERS). */
  browsers?: number;
  /** Pages rendered at once by one browser, each in its own context. */
  pagesPerBrowser?: number;
  /** Time allowed for one page: navigation, scripts and the settle wait. */
  timeoutMs?: number;
  /** Bytes (as received on the wire) one page may load, all its requests together. */
  maxBytes?: number;
  /** How long scripts may keep inserting content after load when the link has not shown up. */
  settleMs?: number;
  executablePath?: string;
  userAgent?: string;
  allowPrivateNetworks?: boolean;
  allowOrigins?: string[];
  lookup?: LookupFunction;
  onRefused?: (refused: RefusedRequest) => void;
}

export interface RenderOptions {
  /** Hosts the wanted link points to: the settle wait ends early once a link to one of them exists. */
  lookFor?: string[];
  /** Also photograph the page as rendered, the wanted link outlined (evidence, issue 31). */
  screenshot?: ScreenshotOptions;
  signal?: AbortSignal;
}

export interface ScreenshotOptions {
  /** Links to outline, as stored (compared without fragment, case and trailing slash). */
  hrefs: string[];
  /** When none of `hrefs` is there: the first link to one of these hosts (or their subdomains). */
  hosts: string[];
  /** Text that stood next to a link now gone: the place it used to be is boxed when found. */
  placeText?: string | null;
  /** JPEG quality, 1–100. */
  quality?: number;
}

export interface PageScreenshot {
  /** JPEG bytes of the viewport, scrolled to what is marked. */
  image: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
  /** What the box marks: the link itself, the place a gone link stood, or nothing (the page top). */
  marked: 'link' | 'place' | 'top';
}

/** The viewport evidence screenshots are taken at. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 } as const;

export interface RenderedPage {
  url: string;
  /** Where the page ended up (after HTTP and script redirects). */
  finalUrl: string;
  /** Status of the last main-document response; null when none came. */
  status: number | null;
  /** document.documentElement.outerHTML after scripts ran. */
  html: string;
  /** The byte budget ran out: loading was stopped and the DOM as it was is returned. */
  truncated: boolean;
  bytes: number;
  renderMs: number;
  /** Present when asked for: the screenshot, or null with `screenshotError` saying why there is none. */
  screenshot?: PageScreenshot | null;
  screenshotError?: string;
}

export interface Renderer {
  render(url: string, options?: RenderOptions): Promise<RenderedPage>;
  /** Requests the guard refused, oldest first (the latest 1,000). */
  refused(): RefusedRequest[];
  /** Browsers started so far, replacements included (tests and metrics). */
  readonly launches: number;
  close(): Promise<void>;
}

export const RENDERER_DEFAULTS = {
  browsers: 1,
  pagesPerBrowser: 4,
  timeoutMs: 20_000,
  maxBytes: 10 * 1024 * 1024,
  settleMs: 2_500,
  executablePath: '/usr/lib/chromium/chromium-headless-shell',
} as const;

export const RENDERER_ENV_VARS = {
  browsers: 'RENDER_BROWSERS',
  pagesPerBrowser: 'RENDER_PAGES_PER_BROWSER',
  timeoutMs: 'RENDER_TIMEOUT_MS',
  executablePath: 'RENDER_CHROMIUM_PATH',
} as const;

/** A render that failed because its browser died or hung; the pool retries it once on a fresh one. */
export class BrowserLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserLostError';
  }
}

export async function createRenderer(options: RendererOptions = {}): Promise<Renderer> {
  const proxy = await startGuardProxy({
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    allowOrigins: options.allowOrigins ?? [],
    lookup: options.lookup,
    connectTimeoutMs: 10_000,
    onRefused: options.onRefused,
  });
  const resolved: PoolOptions = { ...RENDERER_DEFAULTS, ...withoutUndefined(options) };
  for (const key of ['browsers', 'pagesPerBrowser', 'timeoutMs', 'maxBytes'] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] < 1) {
      await proxy.close();
      throw new RangeError(`${key} must be a positive integer, got ${resolved[key]}`);
    }
  }
  return new BrowserPool(resolved, proxy);
}

type PoolOptions = Omit<RendererOptions, keyof typeof RENDERER_DEFAULTS> & {
  [key in keyof typeof RENDERER_DEFAULTS]: (typeof RENDERER_DEFAULTS)[key] extends string ? string : number;
};

interface Slot {
  server: BrowserServer | null;
  browser: Promise<Browser> | null;
  active: number;
  /** Counts launches and kills: a launch that finds another number was given up meanwhile. */
  generation: number;
}

/** Chromium switches: all traffic through our proxy, loopback included; no side channels. */
function chromiumArgs(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    // Chromium's own resolver answers nothing: names are resolved by the proxy, after the guard.
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    '--dns-prefetch-disable',
    '--disable-quic',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-domain-reliability',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
    '--disable-gpu',
    '--mute-audio',
  ];
}

class BrowserPool implements Renderer {
  readonly #options: PoolOptions;
  readonly #proxy: GuardProxy;
  readonly #slots: Slot[];
  readonly #pages: Semaphore;
  #launches = 0;
  #closed = false;

  constructor(options: PoolOptions, proxy: GuardProxy) {
    this.#options = options;
    this.#proxy = proxy;
    this.#slots = Array.from({ length: options.browsers }, () => ({
      server: null,
      browser: null,
      active: 0,
      generation: 0,
    }));
    this.#pages = new Semaphore(options.browsers * options.pagesPerBrowser);
  }

  get launches(): number {
    return this.#launches;
  }

  refused(): RefusedRequest[] {
    return this.#proxy.refused();
  }

  async render(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
    if (this.#closed) throw new Error('renderer is closed');
    const release = await this.#pages.acquire(options.signal);
    try {
      try {
        return await this.#renderOnce(url, options);
      } catch (error) {
        // The item is not lost with its browser: one more try on a fresh one.
        if (!(error instanceof BrowserLostError) || this.#closed) throw error;
        return await this.#renderOnce(url, options);
      }
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all(this.#slots.map((slot) => this.#kill(slot)));
    await this.#proxy.close();
  }

  async #renderOnce(url: string, options: RenderOptions): Promise<RenderedPage> {
    const slot = this.#slots.reduce((best, candidate) => (candidate.active < best.active ? candidate : best));
    slot.active++;
    try {
      const browser = await this.#browserOf(slot);
      let context: BrowserContext;
      try {
        context = await browser.newContext({
          userAgent: this.#options.userAgent,
          serviceWorkers: 'block',
          acceptDownloads: false,
          bypassCSP: false,
          viewport: SCREENSHOT_VIEWPORT,
        });
      } catch (error) {
        await this.#kill(slot);
        throw new BrowserLostError(`browser unusable: ${messageOf(error)}`);
      }
      const started = performance.now();
      const hardLimit = this.#options.timeoutMs + 5_000;
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new BrowserLostError(`page did not finish in ${hardLimit} ms`)),
          hardLimit,
        );
      });
      try {
        return await Promise.race([this.#renderIn(context, url, options, started), hung]);
      } catch (error) {
        // A browser that stopped answering (or died) is killed; the next render launches a new one.
        if (
          error instanceof BrowserLostError ||
          !browser.isConnected() ||
          BROWSER_GONE.test(messageOf(error))
        ) {
          await this.#kill(slot);
          throw error instanceof BrowserLostError ? error : new BrowserLostError(messageOf(error));
        }
        throw error;
      } finally {
        clearTimeout(timer);
        await withTimeout(context.close(), 5_000).catch(() => this.#kill(slot));
      }
    } finally {
      slot.active--;
    }
  }

  async #renderIn(
    context: BrowserContext,
    url: string,
    { lookFor = [], screenshot, signal }: RenderOptions,
    started: number,
  ): Promise<RenderedPage> {
    signal?.throwIfAborted();
    const page = await context.newPage();
    const deadline = started + this.#options.timeoutMs;
    const remaining = () => Math.max(1, Math.round(deadline - performance.now()));
    await context.route('**/*', (route) => {
      const request = route.request();
      let host = '';
      try {
        host = new URL(request.url()).hostname;
      } catch {}
      const tracker = isBlockedTrackerHost(host);
      if (tracker || BLOCKED_RESOURCE_TYPES.has(request.resourceType())) {
        this.#proxy.note(
          request.url(),
          tracker ? 'blocked_tracker' : 'blocked_resource',
          request.resourceType(),
        );
        return route.abort('blockedbyclient');
      }
      return route.continue();
    });
    const budget = await this.#byteBudget(page);
    let status: number | null = null;
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        status = response.status();
      }
    });
    const onAbort = () => void page.close().catch(() => {});
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      try {
        await page.goto(url, { waitUntil: 'load', timeout: remaining() });
      } catch (error) {
        if (budget.exceeded() || signal?.aborted) {
          // The DOM read so far is still worth looking at.
        } else if (status === null) throw error;
      }
      signal?.throwIfAborted();
      await this.#settle(page, lookFor, remaining);
      const html = await readDom(page, remaining);
      const shot = screenshot ? await photograph(page, screenshot, remaining) : undefined;
      return {
        url,
        finalUrl: page.url(),
        status,
        html,
        truncated: budget.exceeded(),
        bytes: budget.bytes(),
        renderMs: Math.round(performance.now() - started),
        ...shot,
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Lets scripts finish: waits for the network to go quiet, scrolls to the bottom (lazy sidebars
   * load on scroll into view), then waits up to settleMs, ending early once a link to one of
   * `lookFor`'s hosts is in the DOM. A script redirect is followed while waiting.
   */
  async #settle(page: Page, lookFor: string[], remaining: () => number): Promise<void> {
    const settle = () => Math.min(this.#options.settleMs, remaining());
    // With nothing to look for, a quiet network is the only sign the scripts are done.
    if (lookFor.length === 0)
      await page.waitForLoadState('networkidle', { timeout: settle() }).catch(() => {});
    await page.evaluate(SCROLL_TO_BOTTOM).catch(() => {});
    if (lookFor.length > 0) {
      await page
        .waitForFunction(linkToAnyOf(lookFor), undefined, { timeout: settle(), polling: 100 })
        .catch(() => {});
    }
    // A script redirect may have started a new document: let it load before the DOM is read.
    await page.waitForLoadState('load', { timeout: Math.min(2_000, remaining()) }).catch(() => {});
  }

  /** Counts bytes received for the page and its frames; stops loading once past maxBytes. */
  async #byteBudget(page: Page): Promise<{ bytes: () => number; exceeded: () => boolean }> {
    let bytes = 0;
    let exceeded = false;
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    session.on('Network.dataReceived', (event) => {
      bytes += event.encodedDataLength > 0 ? event.encodedDataLength : event.dataLength;
      if (!exceeded && bytes > this.#options.maxBytes) {
        exceeded = true;
        void session.send('Page.stopLoading').catch(() => {});
      }
    });
    return { bytes: () => bytes, exceeded: () => exceeded };
  }

  #browserOf(slot: Slot): Promise<Browser> {
    if (slot.browser) return slot.browser;
    this.#launches++;
    const generation = ++slot.generation;
    const given = () => slot.generation !== generation || this.#closed;
    const launching = (async () => {
      const server = await chromium.launchServer({
        executablePath: this.#options.executablePath,
        headless: true,
        args: chromiumArgs(this.#proxy.url),
      });
      // A browser that started but cannot be used (the slot was given up while it started, or connecting
      // failed on a loaded machine) is killed here: nothing else holds it, and it would outlive the pool.
      const abandon = async (reason: string) => {
        if (slot.server === server) slot.server = null;
        await server.kill().catch(() => {});
        throw new BrowserLostError(reason);
      };
      if (given()) return abandon('browser given up while starting');
      slot.server = server;
      let browser: Browser;
      try {
        browser = await chromium.connect(server.wsEndpoint());
      } catch (error) {
        return abandon(`could not connect to the browser: ${messageOf(error)}`);
      }
      if (given()) {
        await browser.close().catch(() => {});
        return abandon('browser given up while starting');
      }
      browser.on('disconnected', () => {
        if (slot.browser === launching) {
          slot.browser = null;
          slot.server = null;
          void server.kill().catch(() => {});
        }
      });
      return browser;
    })();
    slot.browser = launching;
    launching.catch(() => {
      if (slot.browser === launching) slot.browser = null;
    });
    return launching;
  }

  async #kill(slot: Slot): Promise<void> {
    const server = slot.server;
    slot.generation++;
    slot.browser = null;
    slot.server = null;
    await server?.kill().catch(() => {});
  }

  /** Test hook: the process id of a browser, so a test can kill it. */
  pidOf(index: number): number | undefined {
    return this.#slots[index]?.server?.process().pid;
  }
}

/** The DOM as HTML; a navigation under way (a script redirect) is waited for and the read retried. */
async function readDom(page: Page, remaining: () => number): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate<string>('document.documentElement.outerHTML');
    } catch (error) {
      if (attempt >= 3 || page.isClosed()) throw error;
      await page.waitForLoadState('load', { timeout: Math.min(2_000, remaining()) }).catch(() => {});
    }
  }
}

/**
 * Marks the wanted link (or the place a gone one stood) with a drawn box, scrolls it into view and
 * takes a JPEG of the viewport. A failed screenshot does not fail the render: it says why instead.
 */
async function photograph(
  page: Page,
  options: ScreenshotOptions,
  remaining: () => number,
): Promise<Pick<RenderedPage, 'screenshot' | 'screenshotError'>> {
  try {
    const marked = ((await page.evaluate(markScript(options)).catch(() => 'top')) ??
      'top') as PageScreenshot['marked'];
    const image = await page.screenshot({
      type: 'jpeg',
      quality: options.quality ?? 60,
      animations: 'disabled',
      caret: 'hide',
      timeout: Math.min(10_000, remaining()),
    });
    return { screenshot: { image, mime: 'image/jpeg', ...SCREENSHOT_VIEWPORT, marked } };
  } catch (error) {
    return { screenshot: null, screenshotError: messageOf(error) };
  }
}

/** In-page script: outlines the link, else boxes the text that stood beside it, else goes to the top. */
function markScript({ hrefs, hosts, placeText }: ScreenshotOptions): string {
  return `(() => {
  const hrefs = ${JSON.stringify(hrefs)};
  const hosts = ${JSON.stringify(hosts.map((host) => host.toLowerCase()))};
  const placeText = ${JSON.stringify((placeText ?? '').replace(/\s+/g, ' ').trim().slice(-40))};
  const norm = (href) => {
    try { const url = new URL(href, document.baseURI); url.hash = ''; return url.href.replace(/\\/$/, '').toLowerCase(); }
    catch { return ''; }
  };
  const wanted = new Set(hrefs.map(norm));
  const toHost = (href) => {
    try {
      const host = new URL(href, document.baseURI).hostname.toLowerCase();
      return hosts.some((w) => host === w || host.endsWith('.' + w));
    } catch { return false; }
  };
  const box = (rect, colour, style) => {
    const mark = document.createElement('div');
    mark.style.cssText = 'position:absolute;z-index:2147483647;pointer-events:none;border-radius:4px;'
      + 'box-shadow:0 0 0 3px rgba(255,255,255,.85);border:4px ' + style + ' ' + colour + ';'
      + 'left:' + (rect.left + window.scrollX - 8) + 'px;top:' + (rect.top + window.scrollY - 8) + 'px;'
      + 'width:' + (rect.width + 8) + 'px;height:' + (rect.height + 8) + 'px';
    document.body.appendChild(mark);
  };
  const visible = (rect) => rect.width > 0 && rect.height > 0;
  const links = [...document.querySelectorAll('a[href], area[href]')];
  const link = links.find((a) => wanted.has(norm(a.href)) && visible(a.getBoundingClientRect()))
    || links.find((a) => toHost(a.href) && visible(a.getBoundingClientRect()));
  if (link) {
    link.scrollIntoView({ block: 'center', inline: 'nearest' });
    box(link.getBoundingClientRect(), '#e11d48', 'solid');
    return 'link';
  }
  if (placeText.length >= 8) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const needle = placeText.slice(-25).toLowerCase();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.replace(/\\s+/g, ' ').toLowerCase();
      if (!text.includes(needle)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (!visible(range.getBoundingClientRect())) continue;
      node.parentElement.scrollIntoView({ block: 'center', inline: 'nearest' });
      box(range.getBoundingClientRect(), '#d97706', 'dashed');
      return 'place';
    }
  }
  window.scrollTo(0, 0);
  return 'top';
})()`;
}

/** In-page script (this package has no DOM types): scrolls down a screen at a time, so lazy parts load. */
const SCROLL_TO_BOTTOM = `(async () => {
  for (let step = 0; step < 20; step++) {
    window.scrollBy(0, window.innerHeight);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight) break;
  }
})()`;

/** In-page predicate: some a/link/area element points to one of these hosts or their subdomains. */
function linkToAnyOf(hosts: string[]): string {
  return `(() => {
  const hosts = ${JSON.stringify(hosts.map((host) => host.toLowerCase()))};
  for (const element of document.querySelectorAll('a[href], link[href], area[href]')) {
    let host = '';
    try { host = new URL(element.href, document.baseURI).hostname.toLowerCase(); } catch {}
    if (hosts.some((wanted) => host === wanted || host.endsWith('.' + wanted))) return true;
  }
  return false;
})()`;
}

/** Playwright's words for a browser that went away under a page (the disconnect event may come later). */
const BROWSER_GONE = /browser closed|browser has been closed|target crashed|page crashed/i;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
