import Ban from 'lucide-react/icons/ban';
import Cookie from 'lucide-react/icons/cookie';
import Hourglass from 'lucide-react/icons/hourglass';
import Info from 'lucide-react/icons/info';
import ListChecks from 'lucide-react/icons/list-checks';
import Settings2 from 'lucide-react/icons/settings-2';
import { frenchTypography } from '../../../../shared/format.js';
import { SITE } from '../../../../shared/site.js';
import { BulletList, ContactLink, LegalLayout, LegalSection } from './legal-layout.js';

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
    purpose: 'Mémorise votre choix dans le bandeau cookies (accepté ou refusé) pour ne plus vous le demander.',
    storage: 'Stockage local du navigateur',
    duration: '1 an',
  },
  {
    name: 'theme',
    purpose: 'Mémorise le thème d’affichage choisi, clair ou sombre.',
    storage: 'Stockage local du navigateur',
    duration: '1 an',
  },
  {
    name: 'howItWorksRead',
    purpose: 'Mémorise que vous avez lu « Comment ça marche ? », pour que cette présentation ne s’ouvre plus d’elle-même.',
    storage: 'Stockage local du navigateur',
    duration: '1 an',
  },
  {
    name: 'user_fingerprint',
    purpose:
      'Identifiant anonyme de votre appareil, délivré et signé par notre serveur dès votre premier geste sur la page (toucher, clic ou touche du clavier), puis relu à chaque visite sans jamais être recalculé. Il reconnaît vos votes et limite la fraude (un vote par prédiction et par appareil).',
    storage: 'Stockage local du navigateur et cookie',
    duration: '1 an',
  },
  {
    name: 'pending_votes',
    purpose:
      'Garde un vote fait sans connexion (la prédiction et OUI ou NON) jusqu’à son envoi, dès le retour de la connexion ; il est retiré dès que le serveur l’a compté.',
    storage: 'Stockage local du navigateur',
    duration: 'jusqu’à l’envoi du vote',
  },
];

/** Politique de cookies: the five stored items, why, where and how long. */
export function CookiePolicyPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title="Politique de cookies"
      icon={Cookie}
      onBack={onBack}
      highlights={[
        { icon: Ban, text: 'Aucun traceur publicitaire' },
        { icon: ListChecks, text: '5 éléments seulement' },
        { icon: Hourglass, text: '1 an au plus' },
      ]}
      intro={
        <p>
          {SITE.name} utilise le strict nécessaire pour fonctionner : aucun cookie publicitaire, aucun traceur de mesure
          d’audience, aucun partage avec des tiers.
        </p>
      }
    >
      <LegalSection title="Ce que nous enregistrons" icon={ListChecks}>
        <p>
          {frenchTypography(
            'Cinq éléments sont enregistrés sur votre appareil, pour une durée de 1 an au plus (un vote en attente, jusqu’à son envoi) :',
          )}
        </p>
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
                  Durée : {item.duration}
                </span>
              </div>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold text-slate-900 dark:text-white">Finalité</dt>
                <dd>{frenchTypography(item.purpose)}</dd>
                <dt className="font-semibold text-slate-900 dark:text-white">Emplacement</dt>
                <dd>{item.storage}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>
          Le thème, le consentement, la lecture de «&nbsp;Comment ça marche&#8239;?&nbsp;», l’empreinte et les votes en attente
          sont conservés dans le stockage local de votre navigateur ; l’identifiant{' '}
          <code className="font-mono text-xs">user_fingerprint</code> est aussi déposé sous forme de cookie, par notre serveur
          lorsqu’il le délivre et par l’application à chaque visite, pour 1 an.
        </p>
        <p>
          Avant chaque vote, votre appareil calcule aussi une preuve de travail (un petit calcul invisible contre les votes
          automatisés) : elle est envoyée avec le vote et n’est enregistrée ni sur votre appareil, ni dans un cookie.
        </p>
      </LegalSection>

      <LegalSection title="Pourquoi ils sont nécessaires" icon={Info}>
        <BulletList
          items={[
            <>
              <strong>Fiabilité des votes</strong> : sans identifiant d’appareil, une même personne pourrait voter plusieurs fois.
              Si vous l’effacez, votre appareil en reçoit un nouveau, comme un nouveau visiteur.
            </>,
            <>
              <strong>Confort</strong> : votre thème et votre choix de cookies sont retrouvés à chaque visite.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Gérer vos choix" icon={Settings2}>
        <p>
          Vous pouvez refuser les cookies avec le bouton « Refuser » du bandeau, et effacer à tout moment ces éléments depuis les
          réglages de votre navigateur (données de site, stockage local). Vos votes liés à cet appareil peuvent être téléchargés
          ou effacés depuis la page Politique de confidentialité.
        </p>
        <p>
          Une question ? Écrivez-nous à <ContactLink email={SITE.contactEmail} />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
