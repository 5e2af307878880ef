import Building2 from 'lucide-react/icons/building-2';
import Copyright from 'lucide-react/icons/copyright';
import Mail from 'lucide-react/icons/mail';
import Scale from 'lucide-react/icons/scale';
import Server from 'lucide-react/icons/server';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { SITE } from '../../../../shared/site.js';
import { DEMO_VALUE_MARK } from '../../../../shared/site-facts.js';
import { siteFact, useSiteFacts } from '../api/site-facts.js';
import { ContactLink, LegalLayout, LegalSection } from './legal-layout.js';

/** Mentions légales: publisher, contact, hosting, intellectual property, liability. */
export function LegalNoticePage({ onBack }: { onBack: () => void }) {
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title="Mentions légales"
      icon={Scale}
      onBack={onBack}
      intro={<p>Informations prévues par la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.</p>}
    >
      <LegalSection title="Éditeur du site" icon={Building2} id="publisher">
        <p>
          Le site <strong>{SITE.name}</strong> est édité par{' '}
          <strong data-testid="legal-publisher">{siteFact(site, 'publisher')}</strong>,{' '}
          <span data-testid="legal-publisher-address">{siteFact(site, 'publisherAddress')}</span>.
        </p>
        <p>Directeur de la publication : le responsable de l’édition de {SITE.name}.</p>
      </LegalSection>

      <LegalSection title="Contact" icon={Mail} id="contact">
        <p>
          Pour toute question, signalement ou demande concernant le site :{' '}
          {site ? <ContactLink email={site.contactEmail} /> : '…'}
          {site?.demoValues.includes('contactEmail') ? ` ${DEMO_VALUE_MARK}` : ''}.
        </p>
      </LegalSection>

      <LegalSection title="Hébergement" icon={Server} id="hosting">
        <p>
          Le site et sa base de données sont hébergés par <span data-testid="legal-host-name">{siteFact(site, 'hostName')}</span>,{' '}
          <span data-testid="legal-host-address">{siteFact(site, 'hostAddress')}</span>.
        </p>
        <p>
          Pays des serveurs&nbsp;: <span data-testid="legal-host-country">{siteFact(site, 'hostCountry')}</span>.
        </p>
      </LegalSection>

      <LegalSection title="Propriété intellectuelle" icon={Copyright} id="ip">
        <p>
          La marque {SITE.name}, le logo, la charte graphique, les textes et le code du site sont protégés par le droit de la
          propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable
          est interdite.
        </p>
        <p>Les noms de communes, les marques et les contenus de presse cités appartiennent à leurs titulaires respectifs.</p>
      </LegalSection>

      <LegalSection title="Responsabilité" icon={ShieldAlert} id="liability">
        <p>
          Les prédictions et les résultats affichés reflètent uniquement l’avis des visiteurs qui ont voté : ils ne constituent ni
          un sondage scientifique, ni une information officielle, ni un conseil. Aucun pari ni aucune somme d’argent n’est en jeu.
        </p>
        <p>
          {SITE.name} s’efforce d’assurer l’exactitude des informations publiées, sans pouvoir la garantir, et ne saurait être
          tenu responsable d’une interruption du service ou du contenu des sites externes vers lesquels il renvoie.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
