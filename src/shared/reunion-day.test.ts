import { describe, expect, it } from 'vitest';
import { daysBefore, reunionDay } from './reunion-day.js';

describe('reunionDay', () => {
  it('turns at 20:00 UTC, midnight in La Réunion', () => {
    expect(reunionDay(new Date('2026-11-23T19:59:59.999Z'))).toBe('2026-11-23');
    expect(reunionDay(new Date('2026-11-23T20:00:00.000Z'))).toBe('2026-11-24');
  });

  it('counts days back across a month end', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-11-24', 29)).toBe('2026-10-26');
  });
});
