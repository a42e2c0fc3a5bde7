import { LOCALES } from '@linkwatch/shared';
import { resources } from '@linkwatch/shared/i18n';
import { registerCatalog } from '@linkwatch/shared/i18n/registry';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n, i18nReady } from '@/lib/i18n.ts';
import { loadLazyModulesForTests } from '@/lib/lazyModule.ts';
import { notify } from '@/lib/notices.ts';

// The app loads one catalog per visit; tests switch languages freely, so all three are in from the start.
for (const locale of LOCALES) {
  i18n.addResourceBundle(locale, 'translation', resources[locale]);
  registerCatalog({ locale, catalog: resources[locale] });
}
await i18nReady;
// Layouts and pages are lazy chunks, as in the app: under a full parallel run they may take over a second.
configure({ asyncUtilTimeout: 3000 });

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

afterEach(() => {
  cleanup();
  notify.dismissAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
