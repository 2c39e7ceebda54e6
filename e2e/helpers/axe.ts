// Axe (axe-core) on the page as it is now: its serious and critical
// violations, as lines (or, in the part a spec changed, all of them). One way to run it for every spec:
// - axe-core is put into the page once per document and run there (axe.run),
//   not through @axe-core/playwright's default run, which injects the 600 kB
//   script twice and opens a blank page per call to merge results (the portal
//   has no iframes, so the per-frame merge finds nothing more): a sixth of the time;
// - rules whose every finding is minor or moderate are not run: axe-core gives
//   each of their results the rule's own impact (axe.js `_finalizeRuleResult`),
//   so they can never report a serious or critical violation.
import axe from "axe-core";
import type { Page } from "@playwright/test";

type Rule = { id: string; enabled: boolean; impact?: string };
const LOW_IMPACT = ((axe as unknown as { _audit?: { rules: Rule[] } })._audit?.rules ?? [])
  .filter((r) => r.enabled && (r.impact === "minor" || r.impact === "moderate"))
  .map((r) => r.id);

/** The rules whose result depends on colour alone: what the dark scheme (app/dark-scheme.css, colours only) can change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * The serious and critical violations on `page` now, each as
 * "`where` @width: rule (impact) help → first nodes". `only`: run just these
 * rules (else every rule that can be serious or critical).
 */
export async function seriousViolations(page: Page, where: string, only?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const options = only ? { runOnly: { type: "rule", values: [...only] } } : { rules: Object.fromEntries(LOW_IMPACT.map((id) => [id, { enabled: false }])) };
  const violations = await page.evaluate(async (opts) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, opts as axe.RunOptions);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, options);
  const width = page.viewportSize()?.width;
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where} @${width}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.join(" | ")}`);
}

/**
 * Every violation, of any impact, inside the elements `selector` matches, as
 * lines "rule (impact) help → first nodes": for the part of a page a spec has
 * just changed, held to every rule.
 */
export async function violationsIn(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (include) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run({ include: [include] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, selector);
  return violations.map((v) => `${v.id} (${v.impact}) ${v.help} → ${v.nodes.join(" | ")}`);
}
