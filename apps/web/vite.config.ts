import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeIndex } from './build/localeIndex.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3000';

const CATALOGS = /i18n[\\/](en|ru|ua)[\\/]/;
const FIRST_READS = /apps[\\/]web[\\/]src[\\/](boot|app[\\/]firstReads)\.ts$/;
const KIT_LIBRARIES =
  /node_modules[\\/](lucide-react|@radix-ui[\\/]react-(slot|compose-refs)|clsx|@tanstack[\\/](table-core|react-table|store|react-store))[\\/]/;
// Radix's menus and dialogs with what they use (Floating UI, focus and scroll handling), and our popups made of
// them: loaded when one first opens, or at the user's first move once the first page is shown (lib/lazyModule.ts).
// The notices (Radix Toast, app/providers.tsx) too, loaded with the first notice: as one of our components they
// went into the kit with Radix's toast, collection and dismissable layer, ~15 KB of every page's first download.
const POPUP_LIBRARIES =
  /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)[\\/]/;
const POPUPS =
  /apps[\\/]web[\\/]src[\\/](ui[\\/](\w+Popup\.tsx|DropdownMenuRadix\.ts|Toaster\.tsx)|app[\\/]layouts[\\/]NavDrawer\.tsx)$/;
const OWN_COMPONENTS = /apps[\\/]web[\\/]src[\\/]ui[\\/](?!charts[\\/])/;
const CONTROLS =
  /node_modules[\\/]@radix-ui[\\/]react-(radio-group|popover|switch)[\\/]|apps[\\/]web[\\/]src[\\/]ui[\\/](Radio|Switch|Combobox)\.tsx$/;
const APP_CODE = /apps[\\/]web[\\/]src[\\/](lib|api|features|app|ui[\\/]charts)[\\/]/;
// The list pages' parts (links, crawlers, domains, tasks…), apart from the frame's: they use the shared schemas'
// constants and with them zod, which the dashboard does not need. Their API calls and route helpers, which the
// frame and the dashboard use, stay with the frame.
const LIST_PARTS =
  /apps[\\/]web[\\/]src[\\/]features[\\/](?!shell|projects|realtime|dashboard)[^\\/]+[\\/](?!api[\\/]|paths\.ts|route\.ts|index\.ts)/;
// The parts of the pages that are no list (profile, partner programme, wiki, balance, teams, sign-in, the
// console's session), apart from their API calls and route helpers: two of their pages sharing one (the
// profile's forms, the balance page's top-up, the acting banner) made it a list part, and with it zod, the
// radio cards and Radix's dialogs came into the campaign page's and, through the layout, the dashboard's
// first download (issue 25 point 13). Neither frame nor list: rolldown's own chunks, for the pages using them.
const OTHER_PAGE_PARTS =
  /apps[\\/]web[\\/]src[\\/]features[\\/](profile|partners|wiki|balance|team|auth|admin)[\\/](?!api[\\/]|paths\.ts|route\.ts|index\.ts)/;
// An operator's acting session (the banner every page of the main layout shows, and the console's "act as"):
// the frame's, not the console's chunk.
const ACTING_SESSION = /apps[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]session[\\/]acting\.ts$/;
// The operator console (issue 28): its pages, its feature but the acting banner every page shows, and its
// constants; in chunks only operators download.
const CONSOLE =
  /apps[\\/]web[\\/]src[\\/](pages[\\/]admin[\\/]|features[\\/]admin[\\/](?!index\.ts|session[\\/]))|packages[\\/]shared[\\/]src[\\/]schemas[\\/]admin-constants\.ts$/;
const SCHEMAS = /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](schemas[\\/]|validation\.ts)/;
// The shared schemas' files that hold only constants (the links table's sort fields, the upload's file types,
// the crawler codes), without zod.
const ZOD_FREE_CONSTANTS = /packages[\\/]shared[\\/]src[\\/]schemas[\\/](link-limits|crawler-codes)\.ts$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), localeIndex(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are not published: the server never serves a .map either.
    sourcemap: false,
    // .vite/manifest.json: each source module's chunk and imports, for the server to name a page's chunks in
    // its HTML (modulepreload), so a cold load fetches them beside the entry instead of after it has run.
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // src/boot.ts is an entry of its own, not one of index.html's scripts: those are one module graph, which
      // runs only once all of it has arrived. build/localeIndex.ts puts it in the page.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
      },
      output: {
        // Few, cacheable files instead of dozens of 1 KB ones (a phone on 4G pays a round trip for each), without
        // putting any page's libraries into the login page's download:
        codeSplitting: {
          groups: [
            // The first reads' code (src/boot.ts) with what it imports, a few kilobytes in a file of its own: in
            // the entry's group it would wait for all of the app's code to arrive, which is what it is there
            // not to do.
            { name: 'first-reads', test: FIRST_READS },
            // React changes less often than our code: its own file stays cached across deploys.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What every first load runs besides React (translations, the query cache).
            {
              name: 'core',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            // The rest of what the entry needs before its first paint, in the entry file itself. The language
            // catalogs stay apart: only the page's own language is downloaded.
            { name: 'entry', tags: ['$initial'], test: (id) => !CATALOGS.test(id) },
            // The components and their libraries (icons, the table, Radix's slot) that the signed-in pages share.
            // The charts stay out: only pages with charts load them.
            {
              name: 'kit',
              test: (id) =>
                (KIT_LIBRARIES.test(id) || OWN_COMPONENTS.test(id)) && !CONTROLS.test(id) && !POPUPS.test(id),
            },
            // Radix's menus and dialogs and our popups made of them: not in a page's first download, though every
            // page has a menu or a dialog to open. After the kit, which keeps the little of Radix that buttons use.
            { name: 'popups', test: (id) => POPUP_LIBRARIES.test(id) || POPUPS.test(id) },
            // The form controls that only dialogs and panels opened on demand use (radio cards, the combobox's
            // popover, switches): not in a list page's first download. After the kit, which keeps what they share.
            { name: 'controls', test: (id) => CONTROLS.test(id) },
            // The app code that two or more pages or layouts use goes into three files instead of dozens of 1–3 KB
            // ones: Lighthouse's slow 4G, like a phone over HTTP/1.1, fetches six files at a time, and the campaign
            // page needed 32 of them. Each group also takes the modules its own import (rolldown's default), so
            // the order matters. A page's own code stays in its chunk.
            // The list pages' constants from the schemas' folder, in a file of their own before the schemas
            // group takes them: there they would bring zod and every schema into the campaign page's first
            // load (about 30 KB and 60 ms of a phone's main thread before the title shows).
            { name: 'constants', test: (id) => ZOD_FREE_CONSTANTS.test(id) },
            // zod and the shared schemas: login, forms, the pages that validate what they send.
            { name: 'schemas', test: (id) => SCHEMAS.test(id) && !CONSOLE.test(id), minShareCount: 2 },
            // The frame (sidebar, menus, realtime), the API calls and route helpers: every signed-in page.
            {
              name: 'shared',
              test: (id) =>
                (APP_CODE.test(id) &&
                  !LIST_PARTS.test(id) &&
                  !CATALOGS.test(id) &&
                  !CONSOLE.test(id) &&
                  !OTHER_PAGE_PARTS.test(id)) ||
                ACTING_SESSION.test(id),
              minShareCount: 2,
            },
            // The parts of the list pages (table, filters, summary, bulk actions, task buttons).
            {
              name: 'lists',
              test: (id) =>
                LIST_PARTS.test(id) && !CATALOGS.test(id) && !CONSOLE.test(id) && !OTHER_PAGE_PARTS.test(id),
              minShareCount: 2,
            },
            // Last: what the console alone uses, after the groups above took what other pages share.
            { name: 'console', test: (id) => CONSOLE.test(id) },
          ],
        },
      },
    },
  },
});
