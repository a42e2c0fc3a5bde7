/**
 * Whether a page's HTML is a client-rendering shell: a known framework's root element left empty
 * for the browser to fill (React's #root, Vue's #app, Next's #__next, Nuxt's #__nuxt, Angular's
 * <app-root> or ng-app). Such a page's links are only in the rendered DOM.
 */
const EMPTY_ROOT_PATTERNS: RegExp[] = [
  /<div\b[^>]*\bid\s*=\s*["']?(?:root|app|__next|__nuxt|q-app|svelte)["']?[^>]*>\s*<\/div>/i,
  /<app-root\b[^>]*>\s*<\/app-root>/i,
  /<[a-z]+\b[^>]*\sng-app\b/i,
  /<script\b[^>]*\bid\s*=\s*["']?__NEXT_DATA__["']?[^>]*>[^<]*<\/script>\s*(?:<script\b[^>]*>[^<]*<\/script>\s*)*<\/body>/i,
];

/** Only the start of a large page is looked at: a shell is small. */
const SCAN_BYTES = 256 * 1024;

export function looksClientRendered(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SCAN_BYTES)).toString(
    'latin1',
  );
  return EMPTY_ROOT_PATTERNS.some((pattern) => pattern.test(text));
}
