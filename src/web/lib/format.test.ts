import { describe, expect, it } from 'vitest';
import { formatDayAndTime } from './format.js';

describe('formatDayAndTime', () => {
  it('writes the day and the time in the island’s time zone (UTC+4)', () => {
    expect(formatDayAndTime(Date.UTC(2026, 10, 24, 10, 5))).toBe('24 novembre à 14 h 05');
    expect(formatDayAndTime(new Date('2026-03-01T20:30:00Z'))).toBe('2 mars à 00 h 30');
  });
});
