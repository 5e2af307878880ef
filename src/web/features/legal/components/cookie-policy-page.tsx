import Ban from 'lucide-react/icons/ban';
import Cookie from 'lucide-react/icons/cookie';
import Hourglass from 'lucide-react/icons/hourglass';
import Info from 'lucide-react/icons/info';
import ListChecks from 'lucide-react/icons/list-checks';
import Settings2 from 'lucide-react/icons/settings-2';
import { frenchTypography } from '../../../../shared/format.js';
import { SITE } from '../../../../shared/site.js';
import { BulletList, ContactLink, LegalLayout, LegalSection } from './legal-layout.js';
import * as cookiePolicyCopy from '../../../copy/cookie-policy.js';

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
    purpose: cookiePolicyCopy.cookiePolicyPageMemoriseVotreChoixDans,
    storage: cookiePolicyCopy.cookiePolicyPageStockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'theme',
    purpose: cookiePolicyCopy.cookiePolicyPageMemoriseLeThemeD,
    storage: cookiePolicyCopy.cookiePolicyPageStockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'howItWorksRead',
    purpose: cookiePolicyCopy.cookiePolicyPageMemoriseQueVousAvez,
    storage: cookiePolicyCopy.cookiePolicyPageStockageLocalDuNavigateur,
    duration: '1 an',
  },
  {
    name: 'user_fingerprint',
    purpose: cookiePolicyCopy.cookiePolicyPageIdentifiantAnonymeDeVotre,
    storage: cookiePolicyCopy.cookiePolicyPageStockageLocalDuNavigateur2,
    duration: '1 an',
  },
  {
    name: 'pending_votes',
    purpose: cookiePolicyCopy.cookiePolicyPageGardeUnVoteFait,
    storage: cookiePolicyCopy.cookiePolicyPageStockageLocalDuNavigateur,
    duration: cookiePolicyCopy.cookiePolicyPageJusquALEnvoi,
  },
];

/** Politique de cookies: the five stored items, why, where and how long. */
export function CookiePolicyPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title={cookiePolicyCopy.cookiePolicyPagePolitiqueDeCookies}
      icon={Cookie}
      onBack={onBack}
      highlights={[
        { icon: Ban, text: cookiePolicyCopy.cookiePolicyPageAucunTraceurPublicitaire },
        { icon: ListChecks, text: cookiePolicyCopy.cookiePolicyPageN5ElementsSeulement },
        { icon: Hourglass, text: cookiePolicyCopy.cookiePolicyPageN1AnAuPlus },
      ]}
      intro={
        <p>
          {SITE.name} {cookiePolicyCopy.cookiePolicyPageUtiliseLeStrictNecessaire}
        </p>
      }
    >
      <LegalSection title={cookiePolicyCopy.cookiePolicyPageCeQueNousEnregistrons} icon={ListChecks}>
        <p>{frenchTypography(cookiePolicyCopy.cookiePolicyPageCinqElementsSontEnregistres)}</p>
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
                  {cookiePolicyCopy.cookiePolicyPageDuree}
                  {item.duration}
                </span>
              </div>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold text-slate-900 dark:text-white">{cookiePolicyCopy.cookiePolicyPageFinalite}</dt>
                <dd>{frenchTypography(item.purpose)}</dd>
                <dt className="font-semibold text-slate-900 dark:text-white">{cookiePolicyCopy.cookiePolicyPageEmplacement}</dt>
                <dd>{item.storage}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>
          {cookiePolicyCopy.cookiePolicyPageLeThemeLeConsentement} <code className="font-mono text-xs">user_fingerprint</code>{' '}
          {cookiePolicyCopy.cookiePolicyPageEstAussiDeposeSous}
        </p>
        <p>{cookiePolicyCopy.cookiePolicyPageAvantChaqueVoteVotre}</p>
      </LegalSection>

      <LegalSection title={cookiePolicyCopy.cookiePolicyPagePourquoiIlsSontNecessaires} icon={Info}>
        <BulletList
          items={[
            <>
              <strong>{cookiePolicyCopy.cookiePolicyPageFiabiliteDesVotes}</strong>{' '}
              {cookiePolicyCopy.cookiePolicyPageSansIdentifiantDAppareil}
            </>,
            <>
              <strong>{cookiePolicyCopy.cookiePolicyPageConfort}</strong> {cookiePolicyCopy.cookiePolicyPageVotreThemeEtVotre}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={cookiePolicyCopy.cookiePolicyPageGererVosChoix} icon={Settings2}>
        <p>{cookiePolicyCopy.cookiePolicyPageVousPouvezRefuserLes}</p>
        <p>
          {cookiePolicyCopy.cookiePolicyPageUneQuestionEcrivezNous}
          <ContactLink email={SITE.contactEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
