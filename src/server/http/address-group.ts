import { normalizeIP } from '@fastify/rate-limit';

/**
 * IPv6 prefix that groups addresses as providers hand them out: a customer gets a /56 or a /48, in which
 * every /64 is theirs to use, so counting per /64 (or per address) would give one customer 256 to 65,536
 * separate budgets. A mobile carrier that puts many phones in one /48 then looks like an IPv4 address
 * shared by carrier-grade NAT, which the budgets are sized for.
 */
export const IPV6_GROUP_PREFIX = 48;

/**
 * The group an address counts in: an IPv4 address itself (an IPv4-mapped IPv6 address as its IPv4 form), an
 * IPv6 address as the first address of its /48.
 */
export function addressGroup(ip: string): string {
  return normalizeIP(ip, IPV6_GROUP_PREFIX);
}
