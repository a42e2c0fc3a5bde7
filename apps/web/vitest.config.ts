import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share their worker's module cache and jsdom: importing React, the router and the app's
    // module graph again for each of the ~70 files was three quarters of the run. So a file must not
    // `vi.mock` a module (the mock would reach, or miss, the files after it: stub at the fetch, XHR or
    // WebSocket boundary instead, src/test/api.ts and xhr.ts), and what a test changes outside its
    // render (language, globals, timers, storage, the page's body) is put back in src/test/setup.ts.
    isolate: false,
    // The first file of a worker to open a page compiles its lazy chunk within its test (vite transforms
    // on demand), and typing with user-event takes seconds on a busy 2-core machine: 5 s was too short.
    testTimeout: 15_000,
  },
});
