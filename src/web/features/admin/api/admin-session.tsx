import { createContext, useCallback, useContext, useState } from 'react';
import type { AnswerOf, CallArguments } from '../../../../shared/api/caller.js';
import type { EndpointName } from '../../../../shared/api/index.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';

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
 * The endpoint is named (`run('createMarket', { body })`): its parameters, body and answer are typed from its
 * declaration, through the one caller of the app.
 */
export function useAdminCall() {
  const { token, onUnauthorized } = useAdminSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async <N extends EndpointName>(name: N, ...args: CallArguments<N>): Promise<{ value: AnswerOf<N> } | null> => {
      setPending(true);
      setError(null);
      try {
        return { value: await adminCaller(token)(name, ...args) };
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
