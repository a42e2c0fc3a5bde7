import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/checker', 'apps/server', 'apps/web'],
  },
});
