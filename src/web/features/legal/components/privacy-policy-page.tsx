import Ban from 'lucide-react/icons/ban';
import Baby from 'lucide-react/icons/baby';
import Clock from 'lucide-react/icons/clock';
import Cpu from 'lucide-react/icons/cpu';
import Database from 'lucide-react/icons/database';
import Download from 'lucide-react/icons/download';
import FileDown from 'lucide-react/icons/file-down';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import Landmark from 'lucide-react/icons/landmark';
import MapPin from 'lucide-react/icons/map-pin';
import Server from 'lucide-react/icons/server';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Target from 'lucide-react/icons/target';
import UserCheck from 'lucide-react/icons/user-check';
import UserX from 'lucide-react/icons/user-x';
import { MINIMUM_AGE_YEARS } from '../../../../shared/constants.js';
import { SITE } from '../../../../shared/site.js';
import { isInEuropeanUnion } from '../../../../shared/site-facts.js';
import { siteFact, useSiteFacts } from '../api/site-facts.js';
import { formatFrenchDay } from '../lib/legal-text.js';
import { BulletList, ContactLink, LegalLayout, LegalSection } from './legal-layout.js';
import { MyDataPanel } from './my-data-panel.js';

const COLLECTED_DATA = [
  'l’empreinte de votre navigateur : un identifiant anonyme délivré par notre serveur dès votre premier geste sur la page et gardé sur votre appareil (user_fingerprint)',
  'votre adresse IP, utilisée uniquement à des fins de sécurité (limitation des abus), jamais enregistrée avec vos votes',
  'la preuve de travail : un petit calcul fait par votre appareil avant chaque vote, qui ne contient rien sur vous',
  'le type et la version de votre navigateur',
  'la résolution de votre écran',
  'votre fuseau horaire',
  'la langue de votre navigateur',
  'vos votes (OUI / NON sur les prédictions et candidat choisi par commune)',
  'votre préférence de thème (clair ou sombre)',
  'votre consentement aux cookies',
] as const;

const RIGHTS = ['d’accès', 'de rectification', 'd’effacement', 'de limitation', 'de portabilité', 'd’opposition'] as const;

/** Politique de confidentialité: every item the product promises about personal data, and "Vos données". */
export function PrivacyPolicyPage({ onBack }: { onBack: () => void }) {
  const updatedAt = formatFrenchDay(SITE.privacyUpdatedAt);
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title="Politique de confidentialité"
      icon={ShieldCheck}
      onBack={onBack}
      highlights={[
        { icon: UserX, text: 'Ni compte, ni e-mail' },
        { icon: Ban, text: 'Ni revente, ni publicité' },
        { icon: Download, text: 'Vos données en un clic' },
      ]}
      intro={
        <p>
          {SITE.name} ne demande ni nom, ni e-mail, ni compte. Voici les seules données traitées, pourquoi, et combien de temps
          elles sont gardées.
        </p>
      }
    >
      <LegalSection title="Données collectées" icon={Fingerprint} id="collected">
        <p>Pour faire fonctionner le vote et limiter la fraude, nous traitons :</p>
        <BulletList testId="privacy-collected" items={COLLECTED_DATA} />
      </LegalSection>

      <LegalSection title="Protection des votes" icon={Cpu} id="vote-protection">
        <p>Pour qu’un programme ne puisse pas voter des milliers de fois, sans compte ni service extérieur :</p>
        <BulletList
          testId="privacy-protection"
          items={[
            <>
              <strong>Identifiant de l’appareil</strong> : délivré et signé par notre serveur dès votre premier geste sur la page,
              il est gardé 1 an sur votre appareil, dans le cookie et le stockage local <code>user_fingerprint</code>. Il n’est
              jamais recalculé à partir de votre écran ou de votre navigateur : tourner le téléphone ou mettre à jour le
              navigateur ne change rien. Sur nos serveurs, il n’est enregistré qu’avec vos votes.
            </>,
            <>
              <strong>Preuve de travail</strong> : avant chaque vote, votre appareil résout en arrière-plan un petit calcul
              demandé par le serveur. Le serveur garde la trace d’un calcul utilisé jusqu’à son expiration (quelques minutes) pour
              qu’il ne serve pas deux fois, puis l’efface.
            </>,
            <>
              <strong>Adresse IP</strong> : utilisée en mémoire, ou hachée avec une clé renouvelée chaque jour, pour compter les
              votes et identités acceptés par adresse sur l’heure écoulée, et les demandes refusées ; ces compteurs expirent au
              bout de deux heures au plus et sont effacés au plus tard le lendemain, et l’effacement de vos données ne les remet
              pas à zéro. Elle-même n’est jamais enregistrée avec un vote.
            </>,
            <>
              <strong>Détection des rafales</strong> : pour repérer les votes envoyés en masse, chaque vote accepté est noté
              pendant 30 jours avec l’identifiant de l’appareil, la date de délivrance de cet identifiant et le groupe d’adresses
              IP d’où il vient (l’adresse, ou son bloc /48 en IPv6), haché avec une clé renouvelée chaque jour, jamais en clair.
            </>,
            <>
              <strong>Chiffres publics</strong> : seuls des totaux par jour (votes, participants, refus) sont publiés sur la page
              Transparence des votes.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Finalités" icon={Target} id="purposes">
        <BulletList
          items={[
            'compter un seul vote par prédiction et par appareil, et un seul vote par commune ;',
            'afficher vos votes et les résultats en direct ;',
            'retenir vos préférences d’affichage et votre choix de cookies ;',
            'protéger le service contre les abus (envois massifs, attaques).',
          ]}
        />
        <p>Vos données ne sont ni vendues, ni utilisées à des fins publicitaires.</p>
      </LegalSection>

      <LegalSection title="Hébergement et base de données" icon={Server} id="hosting">
        <p data-testid="privacy-hosting">
          Le service et sa base de données sont hébergés par {siteFact(site, 'hostName')} (pays des serveurs&nbsp;:{' '}
          {siteFact(site, 'hostCountry')}).{' '}
          {site &&
            (isInEuropeanUnion(site.hostCountry)
              ? 'Vos données restent dans l’Union européenne.'
              : 'Ce transfert hors de l’Union européenne est encadré par les garanties contractuelles prévues par le RGPD.')}
        </p>
      </LegalSection>

      <LegalSection title="Durée de conservation" icon={Clock} id="retention">
        <BulletList
          testId="privacy-retention"
          items={[
            <>
              <strong>Votes</strong> : pendant la durée de vie de la prédiction, plus 1 an.
            </>,
            <>
              <strong>Empreinte du navigateur</strong> : 1 an après votre dernière activité.
            </>,
            <>
              <strong>Preuves de travail utilisées</strong> : jusqu’à leur expiration, quelques minutes.
            </>,
            <>
              <strong>Compteurs par adresse IP</strong> (hachée) : deux heures au plus, effacés au plus tard le lendemain.
            </>,
            <>
              <strong>Notes de détection des rafales</strong> (groupe d’adresses haché) : 30 jours.
            </>,
            <>
              <strong>Préférences</strong> (thème, consentement) : jusqu’à leur suppression manuelle ou 1 an d’inactivité.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Bases légales" icon={Landmark} id="legal-bases">
        <BulletList
          testId="privacy-legal-bases"
          items={[
            <>
              <strong>Intérêt légitime</strong> : sécurité du service et prévention des votes multiples.
            </>,
            <>
              <strong>Consentement</strong> : cookies et préférences enregistrés sur votre appareil.
            </>,
            <>
              <strong>Contrat</strong> : fourniture du service de vote que vous utilisez.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Mineurs" icon={Baby} id="minors">
        <p data-testid="privacy-minors">Ce service n’est pas destiné aux personnes de moins de {MINIMUM_AGE_YEARS} ans.</p>
      </LegalSection>

      <LegalSection title="Vos droits" icon={UserCheck} id="rights">
        <p data-testid="privacy-rights">
          Vous disposez d’un droit {RIGHTS.slice(0, -1).join(', ')} et {RIGHTS.at(-1)} sur vos données. Pour l’exercer, écrivez à{' '}
          <ContactLink email={SITE.contactEmail} />.
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (
          <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
            cnil.fr
          </a>
          ).
        </p>
      </LegalSection>

      <LegalSection title="Vos données" icon={FileDown} id="my-data">
        <MyDataPanel />
      </LegalSection>

      <LegalSection title="Contact" icon={MapPin} id="privacy-contact">
        <p data-testid="privacy-contact">
          {SITE.name} — La Réunion, France. <ContactLink email={SITE.contactEmail} />
        </p>
        <p data-testid="privacy-updated" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Database aria-hidden="true" className="size-4" />
          Dernière mise à jour : {updatedAt}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
