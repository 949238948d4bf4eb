import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { RunOrderSequencer } from './test/support/runner/run-order-sequencer.ts';

/**
 * Test files at a time, on any machine. A process file waits on its children, browsers and refreshes much of its
 * time, so fewer leave cores idle, and on a shared machine more files get a fairer share of it (docs/performance.md,
 * "CI's time"). Each test asserts properties that hold on a busy machine, so a sibling file's load is only more of
 * the busy machine they are written for.
 */
const PLACES = 6;

export default defineConfig({
  test: {
    exclude: ['test/soak/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/runner/closing-line-reporter.ts'],
    sequence: { sequencer: RunOrderSequencer },
    // Node's compile cache for every worker and every process a test starts (Placar, refreshes, builds), as npm start
    // keeps one: a run forks a worker per file and starts Placar a few hundred times, each compiling the same modules.
    env: { NODE_COMPILE_CACHE: path.resolve(import.meta.dirname, 'node_modules/.cache/placar-tests-node') },
    projects: [
      {
        // Pure code and single-process checks. They share the places of the processes project (one group: vitest
        // requires the same maxWorkers): short and many, they start last and fill the places the last long process
        // files leave idle, instead of a group of their own after them.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], maxWorkers: PLACES },
      },
      {
        // Integration and browser tests start real servers, browsers and refreshes. The site bundle is built once
        // for the run, not per file.
        extends: true,
        test: {
          name: 'processes',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/lint/**/*.test.ts'],
          maxWorkers: PLACES,
          // A test's own waits say what it waits for and how long; these only stop a test that hangs. A file's whole
          // publishes, restarts or browser rounds take minutes on a busy 2-core machine, six files at a time.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // A browser's reaction (a fetch answered, a notification raised) can take seconds on a busy 2-core machine:
          // expect.poll waits up to 15 s by default here, not vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
          // The run's one site bundle, copied into each test's DATA_DIR (harness/shared-site-bundle.ts), Placar's entry
          // points compiled once (harness/compiled-scripts.ts), and one Chromium per worker, which its browser tests
          // connect to (harness/browser.ts).
          globalSetup: [
            './test/support/runner/site-bundle-setup.ts',
            './test/support/runner/compiled-scripts-setup.ts',
            './test/support/runner/browser-setup.ts',
          ],
        },
      },
    ],
  },
});
