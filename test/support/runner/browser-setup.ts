/**
 * Vitest global setup: one Chromium per test worker of the processes project, which its files connect to
 * (harness/browser.ts openBrowser) instead of each starting its own; closed at the end of the run.
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, launchBrowserServer, WORKER_BROWSERS_VARIABLE } from '../../../harness/browser.ts';

export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // Without Chromium each browser test fails on its own, saying how to install it; the others run.
  if (!fs.existsSync(CHROMIUM_PATH)) return undefined;
  const servers = await Promise.all(Array.from({ length: project.config.maxWorkers }, () => launchBrowserServer()));
  process.env[WORKER_BROWSERS_VARIABLE] = JSON.stringify(servers.map((server) => server.wsEndpoint()));
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
