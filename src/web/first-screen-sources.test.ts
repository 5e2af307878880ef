import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Tailwind skips a `@source` whose file is gone without a word: a component moved elsewhere then loses its classes
// in the first screen's sheet until the other screens' sheet arrives.
describe('first-screen.css', () => {
  it('names only files and folders that exist', () => {
    const css = readFileSync(join(import.meta.dirname, 'first-screen.css'), 'utf8');
    const sources = [...css.matchAll(/@source "([^"]+)";/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(10);
    expect(sources.filter((source) => !existsSync(join(import.meta.dirname, source)))).toEqual([]);
  });
});
