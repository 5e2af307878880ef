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
import * as legalCopy from '../../../copy/legal.js';

/** Mentions légales: publisher, contact, hosting, intellectual property, liability. */
export function LegalNoticePage({ onBack }: { onBack: () => void }) {
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title={legalCopy.legalNoticePageMentionsLegales}
      icon={Scale}
      onBack={onBack}
      intro={<p>{legalCopy.legalNoticePageInformationsPrevuesParLa}</p>}
    >
      <LegalSection title={legalCopy.legalNoticePageEditeurDuSite} icon={Building2} id="publisher">
        <p>
          {legalCopy.legalNoticePageLeSite}
          <strong>{SITE.name}</strong> {legalCopy.legalNoticePageEstEditePar}{' '}
          <strong data-testid="legal-publisher">{siteFact(site, 'publisher')}</strong>,{' '}
          <span data-testid="legal-publisher-address">{siteFact(site, 'publisherAddress')}</span>.
        </p>
        <p>
          {legalCopy.legalNoticePageDirecteurDeLaPublication}
          {SITE.name}.
        </p>
      </LegalSection>

      <LegalSection title={legalCopy.legalNoticePageContact} icon={Mail} id="contact">
        <p>
          {legalCopy.legalNoticePagePourTouteQuestionSignalement} {site ? <ContactLink email={site.contactEmail} /> : '…'}
          {site?.demoValues.includes('contactEmail') ? ` ${DEMO_VALUE_MARK}` : ''}.
        </p>
      </LegalSection>

      <LegalSection title={legalCopy.legalNoticePageHebergement} icon={Server} id="hosting">
        <p>
          {legalCopy.legalNoticePageLeSiteEtSa}
          <span data-testid="legal-host-name">{siteFact(site, 'hostName')}</span>,{' '}
          <span data-testid="legal-host-address">{siteFact(site, 'hostAddress')}</span>.
        </p>
        <p>
          {legalCopy.legalNoticePagePaysDesServeurs}
          <span data-testid="legal-host-country">{siteFact(site, 'hostCountry')}</span>.
        </p>
      </LegalSection>

      <LegalSection title={legalCopy.legalNoticePageProprieteIntellectuelle} icon={Copyright} id="ip">
        <p>
          {legalCopy.legalNoticePageLaMarque}
          {SITE.name}
          {legalCopy.legalNoticePageLeLogoLaCharte}
        </p>
        <p>{legalCopy.legalNoticePageLesNomsDeCommunes}</p>
      </LegalSection>

      <LegalSection title={legalCopy.legalNoticePageResponsabilite} icon={ShieldAlert} id="liability">
        <p>{legalCopy.legalNoticePageLesPredictionsEtLes}</p>
        <p>
          {SITE.name} {legalCopy.legalNoticePageSEfforceDAssurer}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
