import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeIndex } from './build/localeIndex.ts';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3000';

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
        // React changes less often than our code: its own chunk stays cached across deploys. No catch-all
        // vendor group: it would pull every page's libraries (charts, tables) into the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What every first load runs besides React (translations, the query cache): one file, not five.
            {
              name: 'core',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
