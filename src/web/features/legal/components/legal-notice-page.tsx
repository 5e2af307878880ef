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
import { legalNoticePageCopy } from '../../../copy/legal.js';

/** Mentions légales: publisher, contact, hosting, intellectual property, liability. */
export function LegalNoticePage({ onBack }: { onBack: () => void }) {
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title={legalNoticePageCopy.mentionsLegales}
      icon={Scale}
      onBack={onBack}
      intro={<p>{legalNoticePageCopy.informationsPrevuesParLa}</p>}
    >
      <LegalSection title={legalNoticePageCopy.editeurDuSite} icon={Building2} id="publisher">
        <p>
          {legalNoticePageCopy.leSite}
          <strong>{SITE.name}</strong> {legalNoticePageCopy.estEditePar}{' '}
          <strong data-testid="legal-publisher">{siteFact(site, 'publisher')}</strong>,{' '}
          <span data-testid="legal-publisher-address">{siteFact(site, 'publisherAddress')}</span>.
        </p>
        <p>
          {legalNoticePageCopy.directeurDeLaPublication}
          {SITE.name}.
        </p>
      </LegalSection>

      <LegalSection title={legalNoticePageCopy.contact} icon={Mail} id="contact">
        <p>
          {legalNoticePageCopy.pourTouteQuestionSignalement} {site ? <ContactLink email={site.contactEmail} /> : '…'}
          {site?.demoValues.includes('contactEmail') ? ` ${DEMO_VALUE_MARK}` : ''}.
        </p>
      </LegalSection>

      <LegalSection title={legalNoticePageCopy.hebergement} icon={Server} id="hosting">
        <p>
          {legalNoticePageCopy.leSiteEtSa}
          <span data-testid="legal-host-name">{siteFact(site, 'hostName')}</span>,{' '}
          <span data-testid="legal-host-address">{siteFact(site, 'hostAddress')}</span>.
        </p>
        <p>
          {legalNoticePageCopy.paysDesServeurs}
          <span data-testid="legal-host-country">{siteFact(site, 'hostCountry')}</span>.
        </p>
      </LegalSection>

      <LegalSection title={legalNoticePageCopy.proprieteIntellectuelle} icon={Copyright} id="ip">
        <p>
          {legalNoticePageCopy.laMarque}
          {SITE.name}
          {legalNoticePageCopy.leLogoLaCharte}
        </p>
        <p>{legalNoticePageCopy.lesNomsDeCommunes}</p>
      </LegalSection>

      <LegalSection title={legalNoticePageCopy.responsabilite} icon={ShieldAlert} id="liability">
        <p>{legalNoticePageCopy.lesPredictionsEtLes}</p>
        <p>
          {SITE.name} {legalNoticePageCopy.sEfforceDAssurer}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
