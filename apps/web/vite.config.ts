import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeIndex } from './build/localeIndex.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3000';

const CATALOGS = /i18n[\\/](en|ru|ua)[\\/]/;
const KIT_LIBRARIES =
  /node_modules[\\/](lucide-react|radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|clsx|@tanstack[\\/](table-core|react-table|store|react-store))[\\/]/;
const OWN_COMPONENTS = /apps[\\/]web[\\/]src[\\/]ui[\\/](?!charts[\\/])/;
const DATA_LAYER = /apps[\\/]web[\\/]src[\\/](lib|api|features[\\/][^\\/]+[\\/]api)[\\/]/;

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
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Few, cacheable files instead of dozens of 1 KB ones (a phone on 4G pays a round trip for each), without
        // putting any page's libraries into the login page's download:
        codeSplitting: {
          groups: [
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
            // The components and their libraries (Radix, icons, the table) that the signed-in pages share.
            // The charts stay out: only pages with charts load them.
            { name: 'kit', test: (id) => KIT_LIBRARIES.test(id) || OWN_COMPONENTS.test(id) },
            // The API calls and helpers that two or more pages use; a page's own code stays in its chunk.
            { name: 'shared', test: (id) => DATA_LAYER.test(id) && !CATALOGS.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
});
