import { useQueryClient } from '@tanstack/react-query';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useCallback, useMemo, useState } from 'react';
import { BackButton } from '../../../components/ui/back-button.js';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../components/ui/cn.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { adminKeys } from '../api/admin-queries.js';
import { AdminSessionContext } from '../api/admin-session.js';
import { clearAdminToken, readAdminToken } from '../lib/admin-token.js';
import { ActivityPanel } from './activity-panel.js';
import { BurstsAdmin } from './bursts-admin.js';
import { CommunesAdmin } from './communes-admin.js';
import { LoginForm, TOKEN_REFUSED } from './login-form.js';
import { MarketsAdmin } from './markets-admin.js';
import { NewsAdmin } from './news-admin.js';
import * as adminCopy from '../../../copy/admin.js';

type Section = 'activity' | 'markets' | 'communes' | 'news' | 'bursts';

const SECTIONS: readonly { value: Section; label: string }[] = [
  { value: 'activity', label: adminCopy.adminPageActivite },
  { value: 'markets', label: adminCopy.adminPagePredictions },
  { value: 'communes', label: adminCopy.adminPageCommunes },
  { value: 'news', label: adminCopy.adminPageActualites },
  { value: 'bursts', label: adminCopy.adminPageRafales },
];

/** The `#admin` screen: a token form, then live activity and the management of predictions and communes. */
export function AdminPage({ onBack }: { onBack: () => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(readAdminToken);
  const [notice, setNotice] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('activity');

  const logout = useCallback(
    (message: string | null) => {
      clearAdminToken();
      queryClient.removeQueries({ queryKey: adminKeys.all });
      setNotice(message);
      setToken(null);
    },
    [queryClient],
  );
  const session = useMemo(() => (token ? { token, onUnauthorized: () => logout(TOKEN_REFUSED) } : null), [token, logout]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackButton onClick={onBack} className="self-start" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle icon={ShieldCheck} title={adminCopy.adminPageAdministration} />
        {session && (
          <Button variant="outline" onClick={() => logout(null)}>
            {adminCopy.adminPageSeDeconnecter}
          </Button>
        )}
      </div>
      {session ? (
        <AdminSessionContext value={session}>
          <nav
            aria-label={adminCopy.adminPageSectionsDeLAdministration}
            className="grid grid-cols-2 gap-1 sm:grid-cols-4 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800/80"
          >
            {SECTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={section === option.value}
                onClick={() => setSection(option.value)}
                className={cn(
                  'h-11 rounded-xl px-2 text-sm font-semibold transition-colors',
                  section === option.value
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                    : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {option.label}
              </button>
            ))}
          </nav>
          {section === 'activity' && <ActivityPanel token={session.token} onUnauthorized={session.onUnauthorized} />}
          {section === 'markets' && <MarketsAdmin />}
          {section === 'communes' && <CommunesAdmin />}
          {section === 'news' && <NewsAdmin token={session.token} onUnauthorized={session.onUnauthorized} />}
          {section === 'bursts' && <BurstsAdmin token={session.token} onUnauthorized={session.onUnauthorized} />}
        </AdminSessionContext>
      ) : (
        <LoginForm
          notice={notice}
          onLoggedIn={(value) => {
            setNotice(null);
            setToken(value);
          }}
        />
      )}
    </div>
  );
}
