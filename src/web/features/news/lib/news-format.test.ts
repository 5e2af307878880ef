import { describe, expect, it } from 'vitest';
import { buildNewsItems, WEATHER_ALERTS } from '../data/news-items.js';
import { formatLongDate, formatViews, formatViewsChange, sparklinePoints, sparklineValues } from './news-format.js';
import { formatRelativeAge } from '../../../../shared/relative-age.js';

describe('news items', () => {
  const now = new Date('2026-02-10T08:00:00.000Z');
  const items = buildNewsItems(now);

  it('has six items, one per category', () => {
    expect(items).toHaveLength(6);
    expect(new Set(items.map((item) => item.category)).size).toBe(6);
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
  });

  it('dates them back from now so they show minutes, hours and days', () => {
    const ages = items.map((item) => formatRelativeAge(item.publishedAt, now));
    expect(ages).toEqual(['il y a 25 min', 'il y a 3 h', 'il y a 7 h', 'il y a 1 j', 'il y a 2 j', 'il y a 4 j']);
  });

  it('links every item to a press site over https', () => {
    for (const item of items) expect(item.pressUrl).toMatch(/^https:\/\//);
  });

  it('has both rising and falling items', () => {
    expect(items.some((item) => item.viewsChange > 0)).toBe(true);
    expect(items.some((item) => item.viewsChange <= 0)).toBe(true);
  });

  it('has a red cyclone alert and an orange rain alert', () => {
    expect(WEATHER_ALERTS.map((alert) => alert.level)).toEqual(['red', 'orange']);
  });
});

describe('formatting', () => {
  it('formats views the French way', () => {
    expect(formatViews(48_250).replace(/\s/g, ' ')).toBe('48 250');
  });

  it('signs the change in views', () => {
    expect(formatViewsChange(156)).toBe('+156%');
    expect(formatViewsChange(-8)).toBe('−8%');
    expect(formatViewsChange(0)).toBe('0%');
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
