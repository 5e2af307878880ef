import { useState } from 'react';
import { Button } from '../components/ui/button.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.js';

type Consent = 'accepted' | 'rejected';

function storedConsent(): Consent | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function CookieBanner({ onOpenPolicy }: { onOpenPolicy: () => void }) {
  const [consent, setConsent] = useState<Consent | null>(storedConsent);
  if (consent) return null;

  function choose(value: Consent) {
    writeStorage(STORAGE_KEYS.cookieConsent, value);
    setConsent(value);
  }

  return (
    <section
      aria-label="Consentement aux cookies"
      className="animate-slide-up fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-lift md:bottom-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex gap-3">
        <span aria-hidden="true" className="text-2xl leading-none">
          🍪
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-bold text-slate-900 dark:text-white">Nous utilisons des cookies</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Seulement pour retenir vos préférences (thème, consentement) et garantir un vote par appareil. Aucune publicité, aucun
            pistage.{' '}
            <button
              type="button"
              onClick={onOpenPolicy}
              className="font-semibold text-ocean-800 underline underline-offset-2 hover:text-ocean-900 dark:text-ocean-300 dark:hover:text-ocean-200"
            >
              En savoir plus
            </button>
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => choose('rejected')}>
          Refuser
        </Button>
        <Button variant="primary" size="sm" onClick={() => choose('accepted')}>
          Accepter
        </Button>
      </div>
    </section>
  );
}
