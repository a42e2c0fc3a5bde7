import type { Plugin } from 'vite';

/** The app's locales and the BCP 47 tag of each page's `lang` (as @linkwatch/shared's LOCALES and BCP47). */
const LOCALE_TAGS = { en: 'en-US', ru: 'ru-RU', ua: 'uk-UA' } as const;

/** A catalog chunk of a locale: the one built from packages/shared/src/i18n/{locale}/index.ts (or guest/). */
function isCatalogOf({ locale, part, moduleId }: { locale: string; part: string; moduleId?: string | null }) {
  return moduleId?.replace(/\\/g, '/').endsWith(`/shared/src/i18n/${locale}/${part}index.ts`) ?? false;
}

/** index.html's static frame, painted before the JavaScript runs (see the comment in it). */
const APP_SHELL = /\s*<!-- app-shell:[\s\S]*?<!-- \/app-shell -->/;

/** The two pages of a locale: the whole catalog, and its guest part for the login layout's pages. */
const VARIANTS = [
  { suffix: '', part: '' },
  { suffix: '.guest', part: 'guest/' },
];

/** The entry that sends a cold load's first reads (src/boot.ts), an input of the build beside index.html. */
const BOOT_MODULE = /[\\/]src[\\/]boot\.ts$/;

/**
 * The page's scripts at low priority: the stylesheet, which paints the static frame, goes first. Module
 * scripts never hold up a paint, but Lighthouse counts a high-priority script that arrived before the first
 * paint as needed for it: at high priority the app's first 130 KB of scripts put a phone's first paint at
 * 1.9 s instead of 0.8 s in its estimate.
 */
export function lowPriorityScripts(html: string): string {
  return html
    .replaceAll(
      /<script type="module"( async)? crossorigin/g,
      '<script type="module"$1 fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

/**
 * Writes `index.{locale}.html` and `index.{locale}.guest.html` beside `index.html`: the same page in that
 * language's `lang`, preloading that language's catalog chunk, whole or its guest part (with their
 * imports). The server sends the one of the URL's locale and page, so a cold load fetches the catalog
 * beside the app's first script instead of after it has run.
 */
export function localeIndex(): Plugin {
  return {
    name: 'linkwatch:locale-index',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const boot = chunks.find((chunk) => chunk.isEntry && BOOT_MODULE.test(chunk.facadeModuleId ?? ''));
      if (!boot) this.error('no chunk for src/boot.ts');
      // Async: it runs as soon as it has arrived, not after the app's scripts. Its own tag fetches it: no
      // modulepreload for it besides.
      const bootScript = `<script type="module" async crossorigin src="/${boot.fileName}"></script>\n    `;
      const html = lowPriorityScripts(
        String(index.source)
          .replace(`    <link rel="modulepreload" crossorigin href="/${boot.fileName}">\n`, '')
          .replace('<script type="module"', `${bootScript}$&`),
      );
      index.source = html;
      for (const [locale, tag] of Object.entries(LOCALE_TAGS)) {
        for (const { suffix, part } of VARIANTS) {
          const catalog = chunks.find((chunk) =>
            isCatalogOf({ locale, part, moduleId: chunk.facadeModuleId }),
          );
          if (!catalog) this.error(`no catalog chunk for ${locale}/${part}`);
          const files = [catalog.fileName, ...catalog.imports].filter((file) => !html.includes(`/${file}"`));
          const links = files
            .map((file) => `    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n`)
            .join('');
          // The login pages have a layout of their own: the signed-in frame's shell is not theirs to show.
          const page = part === 'guest/' ? html.replace(APP_SHELL, '') : html;
          this.emitFile({
            type: 'asset',
            fileName: `index.${locale}${suffix}.html`,
            source: page
              .replace('<html lang="en">', `<html lang="${tag}">`)
              .replace('  </head>', `${links}  </head>`),
          });
        }
      }
    },
  };
}
