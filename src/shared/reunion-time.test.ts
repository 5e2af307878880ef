import { describe, expect, it } from 'vitest';
import { fromReunionDateTime, reunionDateTimeOf, wholeNumberOrText } from './reunion-time.js';

describe('admin dates typed in La Réunion time', () => {
  it('shows a stored UTC instant as the Réunion wall clock, 4 hours ahead, across midnight', () => {
    expect(reunionDateTimeOf('2026-11-27T10:30:00.000Z')).toBe('2026-11-27T14:30');
    expect(reunionDateTimeOf('2026-12-31T20:00:00.000Z')).toBe('2027-01-01T00:00');
    expect(reunionDateTimeOf('pas une date')).toBe('');
  });

  it('sends a typed time with the +04:00 offset; other text unchanged', () => {
    expect(fromReunionDateTime('2026-11-27T14:30')).toBe('2026-11-27T14:30:00+04:00');
    expect(fromReunionDateTime('2026-11-27T14:30:15')).toBe('2026-11-27T14:30:15+04:00');
    expect(fromReunionDateTime('')).toBe('');
    expect(fromReunionDateTime('demain')).toBe('demain');
  });

  it('turns whole numbers into numbers and leaves anything else as text', () => {
    expect(wholeNumberOrText(' 42 ')).toBe(42);
    expect(wholeNumberOrText('-100')).toBe(-100);
    expect(wholeNumberOrText('4,5')).toBe('4,5');
    expect(wholeNumberOrText('')).toBe('');
  });
});
