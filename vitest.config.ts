import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/checker', 'apps/server', 'apps/web'],
    // vitest's default leaves one core to its main process, which only collects results: on a
    // 2-core CI machine that is one test file at a time and an idle core.
    maxWorkers: availableParallelism(),
  },
});
