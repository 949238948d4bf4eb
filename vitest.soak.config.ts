import { defineConfig } from 'vitest/config';

// `npm run test:soak`: the long load and refresh-cycle runs (a few minutes each), apart from
// `npm test`. One file at a time: each one measures a server's memory and latency.
export default defineConfig({
  test: {
    include: ['test/soak/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The run's one site bundle, linked into each test's DATA_DIR (harness/shared-site-bundle.ts).
    globalSetup: ['./test/support/runner/site-bundle-setup.ts'],
    reporters: ['default', './test/support/runner/closing-line-reporter.ts'],
  },
});
