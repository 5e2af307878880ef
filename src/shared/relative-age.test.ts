import { describe, expect, it } from 'vitest';
import { formatRelativeAge, relativeAge } from './relative-age.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('relativeAge', () => {
  it.each([
    [0, { value: 0, unit: 'min' }],
    [1, { value: 1, unit: 'min' }],
    [25, { value: 25, unit: 'min' }],
    [59, { value: 59, unit: 'min' }],
    [60, { value: 1, unit: 'h' }],
    [119, { value: 1, unit: 'h' }],
    [180, { value: 3, unit: 'h' }],
    [1_439, { value: 23, unit: 'h' }],
    [1_440, { value: 1, unit: 'j' }],
    [2 * 1_440 + 300, { value: 2, unit: 'j' }],
    [30 * 1_440, { value: 30, unit: 'j' }],
  ])('%i minutes ago → %o', (minutes, expected) => {
    expect(relativeAge(ago(minutes), now)).toEqual(expected);
  });

  it('counts partial minutes as elapsed only once complete', () => {
    expect(relativeAge(new Date(now.getTime() - 59_999), now)).toEqual({ value: 0, unit: 'min' });
  });

  it('treats a date in the future as just published', () => {
    expect(relativeAge(new Date(now.getTime() + 3_600_000), now)).toEqual({ value: 0, unit: 'min' });
  });

  it('accepts ISO 8601 text', () => {
    expect(relativeAge('2026-03-01T09:00:00.000Z', now)).toEqual({ value: 3, unit: 'h' });
  });
});

describe('formatRelativeAge', () => {
  it('writes the French short forms', () => {
    expect(formatRelativeAge(ago(25), now)).toBe('il y a 25 min');
    expect(formatRelativeAge(ago(3 * 60), now)).toBe('il y a 3 h');
    expect(formatRelativeAge(ago(2 * 1_440), now)).toBe('il y a 2 j');
  });
});
