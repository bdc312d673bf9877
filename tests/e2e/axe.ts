// axe-core's automatic WCAG check, run inside the page under test: the WCAG 2.0 and 2.1 rules of
// levels A and AA, the experimental ones among them included (label-content-name-mismatch, a
// visible label left out of a control's name, is one). Each violation is one line naming the rule,
// its impact, the element and what is wrong, so a failure says where to look.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type * as Axe from 'axe-core';

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Evaluated rather than added as a <script>: the pages' Content-Security-Policy (script-src
// 'self') refuses an inline script, and the check must run on the pages as they are served.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Found {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * The violations on the page as it is now, in the whole document or only inside `within` (a CSS
 * selector: a dialog, the screen's content once the shell around it was checked); the check is
 * injected once per document.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const found: Found[] = await page.evaluate(async ([tags, selector]) => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const ids = axe.getRules(tags).map((rule) => rule.ruleId);
    const result = await axe.run(selector ? { include: [selector] } : document, { runOnly: { type: 'rule', values: ids }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 200), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ') })),
    }));
  }, [wcagTags, within] as const);
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact ?? '?'}) at ${node.target}: ${node.summary} — ${node.html}`));
}

/** Fails naming the screen, each rule and each element when the page has any violation. */
export async function expectNoViolations(page: Page, screen: string, within?: string): Promise<void> {
  const violations = await axeViolations(page, within);
  if (violations.length) throw new Error(`${screen}: ${violations.length} WCAG violation(s)\n- ${violations.join('\n- ')}`);
}
