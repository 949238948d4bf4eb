import { defineConfig } from 'vitest/config';

// `npm run test:soak`: the long load and refresh-cycle runs (a few minutes each), apart from
// `npm test`. One file at a time in the long form: each one measures a server's memory and latency. The smoke form
// (CI) asserts only properties of each file's own server (no failed request, no growing memory), so both files run
// at once.
export default defineConfig({
  test: {
    include: ['test/soak/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    maxWorkers: process.env.SOAK_LENGTH === 'smoke' ? 2 : 1,
    // The run's one site bundle, linked into each test's DATA_DIR (harness/shared-site-bundle.ts).
    globalSetup: ['./test/support/runner/site-bundle-setup.ts'],
    reporters: ['default', './test/support/runner/closing-line-reporter.ts'],
  },
});
