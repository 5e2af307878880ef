import { createContext, useCallback, useContext, useState } from 'react';
import type { BodyOf, Endpoint, SuccessOf } from '../../../../shared/api/contract.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { adminFetch } from './admin-fetch.js';

interface AdminSession {
  token: string;
  /** The server refused the kept token (changed since): back to the login form. */
  onUnauthorized: () => void;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('admin session missing');
  return session;
}

/**
 * One admin change at a time from a form or a card: its pending state and the server's French error text.
 * `run` resolves to `{ value }` (undefined for a 204), or null when the server refused (the error is then shown).
 * Its types come from the endpoint's declaration (`run<typeof adminEndpoints.createMarket>('POST', …)`): the
 * method, the body and the answer must be the declared ones. Type-only, so Zod stays out of the browser.
 */
export function useAdminCall() {
  const { token, onUnauthorized } = useAdminSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async <E extends Endpoint>(method: E['method'], path: string, body?: BodyOf<E>): Promise<{ value: SuccessOf<E> } | null> => {
      setPending(true);
      setError(null);
      try {
        return { value: await adminFetch<SuccessOf<E>>(token, path, { method, body }) };
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 401) onUnauthorized();
        else setError(errorText(failure));
        return null;
      } finally {
        setPending(false);
      }
    },
    [token, onUnauthorized],
  );
  return { run, pending, error, clearError: () => setError(null) };
}
