import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share their worker's module cache: importing the app's module graph again for each of the
    // ~110 files cost ~3 s apiece, about half the run. Each file still makes its own app and database
    // (createTestApp), so no state is shared through them; a file must not mock modules (vi.mock would
    // reach the files after it), which is why login-timing counts scrypt calls with an async hook.
    isolate: false,
  },
});
