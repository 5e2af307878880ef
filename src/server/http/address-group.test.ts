import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.js';

describe('addressGroup', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('puts every /64 of one /48 in one group, and the next /48 in another', () => {
    expect(addressGroup('2001:db8:1:0:1::1')).toBe('2001:db8:1::');
    expect(addressGroup('2001:db8:1:ffff:abcd::9')).toBe('2001:db8:1::');
    expect(addressGroup('2001:db8:2::1')).toBe('2001:db8:2::');
  });
});
