import { DEFAULT_LOCALE, LOCALES } from '@linkwatch/shared';
import { resources } from '@linkwatch/shared/i18n';
import { registerCatalog } from '@linkwatch/shared/i18n/registry';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetEarlyReadsForTests } from '@/api/http.ts';
import { resetTokenForTests } from '@/api/token.ts';
import { resetPageShownForTests } from '@/lib/afterPageLoad.ts';
import { i18n, i18nReady } from '@/lib/i18n.ts';
import { loadLazyModulesForTests } from '@/lib/lazyModule.ts';
import { notify } from '@/lib/notices.ts';

// The app loads one catalog per visit; tests switch languages freely, so all three are in from the start.
for (const locale of LOCALES) {
  i18n.addResourceBundle(locale, 'translation', resources[locale]);
  registerCatalog({ locale, catalog: resources[locale] });
}
await i18nReady;
// Layouts, pages and the chart kit are lazy chunks, as in the app: the first file of a worker to open one
// compiles it, which took over 3 s on a busy 2-core machine (a passing test does not wait any longer).
configure({ asyncUtilTimeout: 10_000 });

function clearCookies(): void {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

// The menus and dialogs a test file imports, loaded before its tests (lib/lazyModule.ts).
beforeAll(() => loadLazyModulesForTests());

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  resetTokenForTests(null);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

// Test files share their worker (vitest.config.ts: isolate false), so what a test changes outside its
// own render is put back here, before the next test or the next file runs.
afterEach(async () => {
  cleanup();
  notify.dismissAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // A route under /ru or /ua switches the app's language (lib/useLocale.tsx), and it stays switched.
  if (i18n.language !== DEFAULT_LOCALE) await i18n.changeLanguage(DEFAULT_LOCALE);
  document.documentElement.lang = DEFAULT_LOCALE;
  // What portals or a dialog's scroll lock left on the page.
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.body.removeAttribute('data-scroll-locked');
  document.body.removeAttribute('aria-hidden');
  forgetEarlyReadsForTests();
});

// Once per file, as a fresh module would: the file's tests after its first page see it shown.
afterAll(() => resetPageShownForTests());
