import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ApiError, errorText } from '../../../lib/api-client.js';
import { adminCaller } from '../api/admin-caller.js';
import { saveAdminToken } from '../lib/admin-token.js';
import { Field, FormError, TextInput } from './fields.js';
import * as adminCopy from '../../../copy/admin.js';

export const TOKEN_REFUSED = adminCopy.loginFormJetonRefuse;

/** The token is checked against the server (a guarded read) before it is kept for the tab. */
export function LoginForm({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: (token: string) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(notice);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      setError(adminCopy.loginFormSaisissezLeJetonD);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await adminCaller(value)('getActivity');
      saveAdminToken(value);
      onLoggedIn(value);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 401 ? TOKEN_REFUSED : errorText(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      {/* method="post": without script, the token would otherwise end up in the address bar. */}
      <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{adminCopy.loginFormConnexion}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {adminCopy.loginFormTokenIntro}
          <code className="font-mono text-xs">ADMIN_TOKEN</code>
          {adminCopy.loginFormTokenOutro}
        </p>
        <Field label={adminCopy.loginFormJetonDAdministration}>
          {(id) => (
            <TextInput
              id={id}
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </Field>
        <FormError message={error} />
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:self-start">
          {adminCopy.loginFormSeConnecter}
        </Button>
      </form>
    </Card>
  );
}
