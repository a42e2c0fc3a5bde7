/**
 * How many browsers the memory at hand holds (issue 31: "the number of browsers is bounded by
 * configuration and by memory"). The render bench (one Debian Chromium, 48 client-rendered pages, the
 * Pss of the bench and its browser) measured 768 MB with 4 pages at once, 1,009 MB with 8 and 1,253 MB
 * with 12, the bench itself some 155 MB: about 60 MB a page in flight on top of some 370 MB a browser.
 */
export const BROWSER_BASE_BYTES = 370 * 2 ** 20;
export const PAGE_BYTES = 60 * 2 ** 20;

export interface PoolSize {
  browsers: number;
  pagesPerBrowser: number;
}

/**
 * The configured pool, shrunk to what `availableBytes` holds: fewer browsers first, then fewer pages
 * in the one left; never below one browser with one page (rendering stays on, only slower).
 */
export function poolSizeFor({
  browsers,
  pagesPerBrowser,
  availableBytes,
}: PoolSize & { availableBytes: number }): PoolSize {
  const perBrowser = BROWSER_BASE_BYTES + pagesPerBrowser * PAGE_BYTES;
  const fitting = Math.floor(availableBytes / perBrowser);
  if (fitting >= 1) return { browsers: Math.min(browsers, fitting), pagesPerBrowser };
  const pages = Math.floor((availableBytes - BROWSER_BASE_BYTES) / PAGE_BYTES);
  return { browsers: 1, pagesPerBrowser: Math.max(1, Math.min(pagesPerBrowser, pages)) };
}

/**
 * Memory this process may still use: the container's limit when there is one (cgroups, which
 * `process.availableMemory` reads), else the machine's free memory, which `os.freemem` reports even in
 * a container and which can be far more than its limit.
 */
export function availableMemoryBytes(freemem: () => number): number {
  const proc = process as NodeJS.Process & { availableMemory?: () => number };
  return typeof proc.availableMemory === 'function' ? proc.availableMemory() : freemem();
}
