import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['test/soak/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/runner/closing-line-reporter.ts'],
    projects: [
      {
        // Pure code and single-process checks: two files at a time, in a group of their own (never beside the
        // process tests, whose servers and builds want the cores).
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      {
        // Integration and browser tests start real servers and builds: give them room, and run
        // files one at a time (2 cores; each Astro build takes ~400 MB and a core).
        extends: true,
        test: {
          name: 'processes',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/lint/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // The run's one site bundle, linked into each test's DATA_DIR (harness/shared-site-bundle.ts).
          globalSetup: ['./test/support/runner/site-bundle-setup.ts'],
        },
      },
    ],
  },
});
