import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page (or inside `include`), one line each: "rule (impact): target | target".
 *
 * Legacy mode runs axe in the page itself. The default mode runs it frame by frame and then opens a
 * second page to merge the results, for cross-origin frames this app does not have; measured on the
 * home grid, that second page made each check 6 to 8 s instead of about 2 s. Only violations come back:
 * the passes and the inapplicable rules are never read, and serialising them cost another second.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
