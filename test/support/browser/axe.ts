/** Runs axe-core inside a page and returns its serious and critical violations. */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function findSeriousViolations(page: Page): Promise<AxeFinding[]> {
  // page.evaluate, not a <script> tag: the page's CSP forbids inline scripts.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
