import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'checker',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The fixture web and the parse workers make a few tests take a couple of seconds.
    testTimeout: 20_000,
  },
});
