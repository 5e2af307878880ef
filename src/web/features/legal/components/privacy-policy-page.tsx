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
import * as privacyCopy from '../../../copy/privacy.js';

const COLLECTED_DATA = [
  privacyCopy.privacyPolicyPageLEmpreinteDeVotre,
  privacyCopy.privacyPolicyPageVotreAdresseIpUtilisee,
  privacyCopy.privacyPolicyPageProofOfWork,
  privacyCopy.privacyPolicyPageLeTypeEtLa,
  privacyCopy.privacyPolicyPageLaResolutionDeVotre,
  privacyCopy.privacyPolicyPageVotreFuseauHoraire,
  privacyCopy.privacyPolicyPageLaLangueDeVotre,
  privacyCopy.privacyPolicyPageVosVotesOuiNon,
  privacyCopy.privacyPolicyPageVotrePreferenceDeTheme,
  privacyCopy.privacyPolicyPageVotreConsentementAuxCookies,
] as const;

const RIGHTS = [
  privacyCopy.privacyPolicyPageDAcces,
  privacyCopy.privacyPolicyPageDeRectification,
  privacyCopy.privacyPolicyPageDEffacement,
  privacyCopy.privacyPolicyPageDeLimitation,
  privacyCopy.privacyPolicyPageDePortabilite,
  privacyCopy.privacyPolicyPageDOpposition,
] as const;

/** Politique de confidentialité: every item the product promises about personal data, and "Vos données". */
export function PrivacyPolicyPage({ onBack }: { onBack: () => void }) {
  const updatedAt = formatFrenchDay(SITE.privacyUpdatedAt);
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title={privacyCopy.privacyPolicyPagePolitiqueDeConfidentialite}
      icon={ShieldCheck}
      onBack={onBack}
      highlights={[
        { icon: UserX, text: privacyCopy.privacyPolicyPageNiCompteNiE },
        { icon: Ban, text: privacyCopy.privacyPolicyPageNiReventeNiPublicite },
        { icon: Download, text: privacyCopy.privacyPolicyPageVosDonneesEnUn },
      ]}
      intro={
        <p>
          {SITE.name} {privacyCopy.privacyPolicyPageNeDemandeNiNom}
        </p>
      }
    >
      <LegalSection title={privacyCopy.privacyPolicyPageDonneesCollectees} icon={Fingerprint} id="collected">
        <p>{privacyCopy.privacyPolicyPagePourFaireFonctionnerLe}</p>
        <BulletList testId="privacy-collected" items={COLLECTED_DATA} />
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageProtectionDesVotes} icon={Cpu} id="vote-protection">
        <p>{privacyCopy.privacyPolicyPagePourQuUnProgramme}</p>
        <BulletList
          testId="privacy-protection"
          items={[
            <>
              <strong>{privacyCopy.privacyPolicyPageIdentifiantDeLAppareil}</strong>{' '}
              {privacyCopy.privacyPolicyPageDelivreEtSignePar}
              <code>user_fingerprint</code>
              {privacyCopy.privacyPolicyPageIlNEstJamais}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPagePreuveDeTravail}</strong> {privacyCopy.privacyPolicyPageAvantChaqueVoteVotre}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageAdresseIp}</strong> {privacyCopy.privacyPolicyPageUtiliseeEnMemoireOu}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageDetectionDesRafales}</strong>{' '}
              {privacyCopy.privacyPolicyPagePourRepererLesVotes}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageChiffresPublics}</strong> {privacyCopy.privacyPolicyPageSeulsDesTotauxPar}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageFinalites} icon={Target} id="purposes">
        <BulletList
          items={[
            privacyCopy.privacyPolicyPageCompterUnSeulVote,
            privacyCopy.privacyPolicyPageAfficherVosVotesEt,
            privacyCopy.privacyPolicyPageRetenirVosPreferencesD,
            privacyCopy.privacyPolicyPageProtegerLeServiceContre,
          ]}
        />
        <p>{privacyCopy.privacyPolicyPageVosDonneesNeSont}</p>
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageHebergementEtBaseDe} icon={Server} id="hosting">
        <p data-testid="privacy-hosting">
          {privacyCopy.privacyPolicyPageLeServiceEtSa}
          {siteFact(site, 'hostName')} {privacyCopy.privacyPolicyPagePaysDesServeurs} {siteFact(site, 'hostCountry')}).{' '}
          {site &&
            (isInEuropeanUnion(site.hostCountry)
              ? privacyCopy.privacyPolicyPageVosDonneesRestentDans
              : privacyCopy.privacyPolicyPageCeTransfertHorsDe)}
        </p>
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageDureeDeConservation} icon={Clock} id="retention">
        <BulletList
          testId="privacy-retention"
          items={[
            <>
              <strong>{privacyCopy.privacyPolicyPageVotes}</strong> {privacyCopy.privacyPolicyPagePendantLaDureeDe}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageEmpreinteDuNavigateur}</strong> {privacyCopy.privacyPolicyPageN1AnApresVotre}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPagePreuvesDeTravailUtilisees}</strong>{' '}
              {privacyCopy.privacyPolicyPageJusquALeurExpiration}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageCompteursParAdresseIp}</strong>{' '}
              {privacyCopy.privacyPolicyPageHacheeDeuxHeuresAu}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageNotesDeDetectionDes}</strong>{' '}
              {privacyCopy.privacyPolicyPageGroupeDAdressesHache}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPagePreferences}</strong> {privacyCopy.privacyPolicyPageThemeConsentementJusquA}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageBasesLegales} icon={Landmark} id="legal-bases">
        <BulletList
          testId="privacy-legal-bases"
          items={[
            <>
              <strong>{privacyCopy.privacyPolicyPageInteretLegitime}</strong> {privacyCopy.privacyPolicyPageSecuriteDuServiceEt}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageConsentement}</strong>{' '}
              {privacyCopy.privacyPolicyPageCookiesEtPreferencesEnregistres}
            </>,
            <>
              <strong>{privacyCopy.privacyPolicyPageContrat}</strong> {privacyCopy.privacyPolicyPageFournitureDuServiceDe}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageMineurs} icon={Baby} id="minors">
        <p data-testid="privacy-minors">
          {privacyCopy.privacyPolicyPageCeServiceNEst}
          {MINIMUM_AGE_YEARS} {privacyCopy.privacyPolicyPageAns}
        </p>
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageVosDroits} icon={UserCheck} id="rights">
        <p data-testid="privacy-rights">
          {privacyCopy.privacyPolicyPageVousDisposezDUn}
          {RIGHTS.slice(0, -1).join(', ')} {privacyCopy.privacyPolicyPageEt}
          {RIGHTS.at(-1)} {privacyCopy.privacyPolicyPageSurVosDonneesPour} <ContactLink email={SITE.contactEmail} />.
        </p>
        <p>
          {privacyCopy.privacyPolicyPageSiVousEstimezQue}
          <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
            cnil.fr
          </a>
          ).
        </p>
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageVosDonnees} icon={FileDown} id="my-data">
        <MyDataPanel />
      </LegalSection>

      <LegalSection title={privacyCopy.privacyPolicyPageContact} icon={MapPin} id="privacy-contact">
        <p data-testid="privacy-contact">
          {SITE.name} {privacyCopy.privacyPolicyPageLaReunionFrance}
          <ContactLink email={SITE.contactEmail} />
        </p>
        <p data-testid="privacy-updated" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Database aria-hidden="true" className="size-4" />
          {privacyCopy.privacyPolicyPageDerniereMiseAJour}
          {updatedAt}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
