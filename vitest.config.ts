import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/soak/**'],
    // Integration and browser tests start real servers and builds: give them room,
    // and run files one at a time (2 cores; each Astro build takes ~400 MB and a core).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default', './test/support/closing-line-reporter.ts'],
  },
});
