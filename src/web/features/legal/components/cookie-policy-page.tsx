import Ban from 'lucide-react/icons/ban';
import Cookie from 'lucide-react/icons/cookie';
import Hourglass from 'lucide-react/icons/hourglass';
import Info from 'lucide-react/icons/info';
import ListChecks from 'lucide-react/icons/list-checks';
import Settings2 from 'lucide-react/icons/settings-2';
import { frenchTypography } from '../../../../shared/format.js';
import { SITE } from '../../../../shared/site.js';
import { BulletList, ContactLink, LegalLayout, LegalSection } from './legal-layout.js';
import { cookiePolicyPageCopy } from '../../../copy/cookie-policy.js';

interface StoredItem {
  name: string;
  purpose: string;
  storage: string;
  duration: string;
}

/** Everything the app keeps on the device: the keys of `STORAGE_KEYS` (src/web/lib/storage.ts), no more, no fewer. */
const STORED_ITEMS: readonly StoredItem[] = [
  {
    name: 'cookieConsent',
    purpose: cookiePolicyPageCopy.memoriseVotreChoixDans,
    storage: cookiePolicyPageCopy.stockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'theme',
    purpose: cookiePolicyPageCopy.memoriseLeThemeD,
    storage: cookiePolicyPageCopy.stockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'howItWorksRead',
    purpose: cookiePolicyPageCopy.memoriseQueVousAvez,
    storage: cookiePolicyPageCopy.stockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'user_fingerprint',
    purpose: cookiePolicyPageCopy.identifiantAnonymeDeVotre,
    storage: cookiePolicyPageCopy.stockageLocalDuNavigateur2,
    duration: '1 an',
  },
  {
    name: 'pending_votes',
    purpose: cookiePolicyPageCopy.gardeUnVoteFait,
    storage: cookiePolicyPageCopy.stockageLocalDuNavigateur,
    duration: cookiePolicyPageCopy.jusquALEnvoi,
  },
];

/** Politique de cookies: the five stored items, why, where and how long. */
export function CookiePolicyPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title={cookiePolicyPageCopy.politiqueDeCookies}
      icon={Cookie}
      onBack={onBack}
      highlights={[
        { icon: Ban, text: cookiePolicyPageCopy.aucunTraceurPublicitaire },
        { icon: ListChecks, text: cookiePolicyPageCopy.n5ElementsSeulement },
        { icon: Hourglass, text: cookiePolicyPageCopy.n1AnAuPlus },
      ]}
      intro={
        <p>
          {SITE.name} {cookiePolicyPageCopy.utiliseLeStrictNecessaire}
        </p>
      }
    >
      <LegalSection title={cookiePolicyPageCopy.ceQueNousEnregistrons} icon={ListChecks}>
        <p>{frenchTypography(cookiePolicyPageCopy.cinqElementsSontEnregistres)}</p>
        <ul className="grid gap-3" data-testid="cookie-list">
          {STORED_ITEMS.map((item) => (
            <li
              key={item.name}
              data-testid="cookie-item"
              className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 dark:border-slate-800 dark:bg-slate-950/50"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <code className="rounded-md bg-ocean-100 px-2 py-0.5 font-mono text-sm font-bold text-ocean-900 dark:bg-ocean-950 dark:text-ocean-200">
                  {item.name}
                </code>
                <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  {cookiePolicyPageCopy.duree}
                  {item.duration}
                </span>
              </div>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold text-slate-900 dark:text-white">{cookiePolicyPageCopy.finalite}</dt>
                <dd>{frenchTypography(item.purpose)}</dd>
                <dt className="font-semibold text-slate-900 dark:text-white">{cookiePolicyPageCopy.emplacement}</dt>
                <dd>{item.storage}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>
          {cookiePolicyPageCopy.leThemeLeConsentement} <code className="font-mono text-xs">user_fingerprint</code>{' '}
          {cookiePolicyPageCopy.estAussiDeposeSous}
        </p>
        <p>{cookiePolicyPageCopy.avantChaqueVoteVotre}</p>
      </LegalSection>

      <LegalSection title={cookiePolicyPageCopy.pourquoiIlsSontNecessaires} icon={Info}>
        <BulletList
          items={[
            <>
              <strong>{cookiePolicyPageCopy.fiabiliteDesVotes}</strong> {cookiePolicyPageCopy.sansIdentifiantDAppareil}
            </>,
            <>
              <strong>{cookiePolicyPageCopy.confort}</strong> {cookiePolicyPageCopy.votreThemeEtVotre}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={cookiePolicyPageCopy.gererVosChoix} icon={Settings2}>
        <p>{cookiePolicyPageCopy.vousPouvezRefuserLes}</p>
        <p>
          {cookiePolicyPageCopy.uneQuestionEcrivezNous}
          <ContactLink email={SITE.contactEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
