import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accept-encoding.js';

describe('acceptedEncodings', () => {
  it('lists what a phone sends, lower-cased, without weights', () => {
    expect([...acceptedEncodings('gzip, deflate, BR')]).toEqual(['gzip', 'deflate', 'br']);
  });

  it('leaves out an encoding refused with q=0 (or q=0.000), keeps one with a small weight', () => {
    expect([...acceptedEncodings('br;q=0, gzip;q=0.000, deflate;q=0.001')]).toEqual(['deflate']);
  });

  it('accepts nothing without the header', () => {
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
