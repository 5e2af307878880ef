import { describe, expect, it } from 'vitest';
import { endOfReunionDay, reunionDayOf } from './end-date.js';

describe('end dates of the admin form', () => {
  it('closes a picked day at 23:59:59 in La Réunion', () => {
    expect(endOfReunionDay('2026-12-31')).toBe('2026-12-31T23:59:59+04:00');
  });

  it('shows a stored UTC end date as its Réunion day', () => {
    expect(reunionDayOf('2026-12-31T19:59:59.000Z')).toBe('2026-12-31');
    expect(reunionDayOf('2026-12-31T20:00:00.000Z')).toBe('2027-01-01');
  });
});
