import { describe, expect, it } from 'vitest';
import * as copy from './index.js';

/** Every text of the catalogue, by its path (`shell.headerActualites`): a string, or a function of its values. */
function textsOf(value: unknown, path: string, found: [string, unknown][] = []): [string, unknown][] {
  if (typeof value === 'string' || typeof value === 'function') found.push([path, value]);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) textsOf(inner, path ? `${path}.${key}` : key, found);
  } else found.push([path, value]);
  return found;
}

describe('the web copy catalogue', () => {
  const texts = textsOf(copy, '');

  it('holds only texts and functions that write texts', () => {
    expect(texts.length).toBeGreaterThan(500);
    for (const [path, text] of texts) {
      expect([path, typeof text === 'string' || typeof text === 'function']).toEqual([path, true]);
    }
  });

  it('writes the first value it is given into its text', () => {
    for (const [path, text] of texts) {
      if (typeof text !== 'function') continue;
      const values = Array.from({ length: text.length }, (_, index) => `«valeur ${index}»`);
      const written: unknown = (text as (...args: string[]) => unknown)(...values);
      expect([path, typeof written]).toEqual([path, 'string']);
      expect([path, String(written).includes('«valeur 0»')]).toEqual([path, true]);
    }
  });

  it('leaves no text empty', () => {
    for (const [path, text] of texts) if (typeof text === 'string') expect([path, text.trim().length > 0]).toEqual([path, true]);
  });
});
