/**
 * axe-core in the page (@axe-core/playwright needs Node 22): WCAG 2.1 A and AA rules; a serious or
 * critical violation fails the test that found it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation { id: string; impact: string; help: string; nodes: string[] }

export async function a11yViolations(page: Page): Promise<A11yViolation[]> {
  await page.waitForLoadState('domcontentloaded');
  // Evaluated through the DevTools protocol, so the app's CSP (no inline scripts) stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[]; html: string; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`) }));
  });
}

/** Fails on a serious or critical WCAG 2.1 AA violation on the page as it is now. */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const violations = await a11yViolations(page);
  expect(violations, `axe on ${where}`).toEqual([]);
}
