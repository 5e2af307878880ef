import { createCaller, type Caller } from '../../../../shared/api/caller.js';

/** The admin API's caller: the Bearer token on every request, and answers never taken from a cache. */
export function adminCaller(token: string): Caller {
  return createCaller({ headers: () => ({ Authorization: `Bearer ${token}` }), cache: 'no-store' });
}
