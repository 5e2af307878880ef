import { describe, expect, it } from 'vitest';
import {
  formatAlertTime,
  formatLongDate,
  formatViews,
  formatViewsChange,
  sparklinePoints,
  sparklineValues,
} from './news-format.js';

describe('formatting', () => {
  it('formats views the French way', () => {
    expect(formatViews(48_250).replace(/\s/g, ' ')).toBe('48 250');
  });

  it('signs the change in views', () => {
    expect(formatViewsChange(156)).toBe('+156\u202f%');
    expect(formatViewsChange(-8)).toBe('−8\u202f%');
    expect(formatViewsChange(0)).toBe('0\u202f%');
  });

  it('writes an alert time in the island’s time zone (UTC+4)', () => {
    expect(formatAlertTime('2026-02-14T13:00:00.000Z')).toBe('samedi 14 février à 17:00');
    expect(formatAlertTime('2026-02-14T20:30:00.000Z')).toBe('dimanche 15 février à 00:30');
  });

  it('writes a long French date', () => {
    expect(formatLongDate(new Date(2026, 1, 10, 12))).toBe('mardi 10 février 2026');
  });
});

describe('sparkline', () => {
  it('rises when views go up and falls otherwise', () => {
    const up = sparklineValues(42, 'a');
    const down = sparklineValues(-8, 'a');
    expect(up.at(-1)).toBeGreaterThan(up[0] ?? 1);
    expect(down.at(-1)).toBeLessThan(down[0] ?? 0);
    for (const value of [...up, ...down]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('is deterministic', () => {
    expect(sparklineValues(10, 'x')).toEqual(sparklineValues(10, 'x'));
  });

  it('maps values to SVG points, top is high', () => {
    expect(sparklinePoints([0, 1], 100, 20, 0)).toBe('0.0,20.0 100.0,0.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});
