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
import { privacyPolicyPageCopy } from '../../../copy/privacy.js';

const COLLECTED_DATA = [
  privacyPolicyPageCopy.lEmpreinteDeVotre,
  privacyPolicyPageCopy.votreAdresseIpUtilisee,
  privacyPolicyPageCopy.proofOfWork,
  privacyPolicyPageCopy.leTypeEtLa,
  privacyPolicyPageCopy.laResolutionDeVotre,
  privacyPolicyPageCopy.votreFuseauHoraire,
  privacyPolicyPageCopy.laLangueDeVotre,
  privacyPolicyPageCopy.vosVotesOuiNon,
  privacyPolicyPageCopy.votrePreferenceDeTheme,
  privacyPolicyPageCopy.votreConsentementAuxCookies,
] as const;

const RIGHTS = [
  privacyPolicyPageCopy.dAcces,
  privacyPolicyPageCopy.deRectification,
  privacyPolicyPageCopy.dEffacement,
  privacyPolicyPageCopy.deLimitation,
  privacyPolicyPageCopy.dePortabilite,
  privacyPolicyPageCopy.dOpposition,
] as const;

/** Politique de confidentialité: every item the product promises about personal data, and "Vos données". */
export function PrivacyPolicyPage({ onBack }: { onBack: () => void }) {
  const updatedAt = formatFrenchDay(SITE.privacyUpdatedAt);
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title={privacyPolicyPageCopy.politiqueDeConfidentialite}
      icon={ShieldCheck}
      onBack={onBack}
      highlights={[
        { icon: UserX, text: privacyPolicyPageCopy.niCompteNiE },
        { icon: Ban, text: privacyPolicyPageCopy.niReventeNiPublicite },
        { icon: Download, text: privacyPolicyPageCopy.vosDonneesEnUn },
      ]}
      intro={
        <p>
          {SITE.name} {privacyPolicyPageCopy.neDemandeNiNom}
        </p>
      }
    >
      <LegalSection title={privacyPolicyPageCopy.donneesCollectees} icon={Fingerprint} id="collected">
        <p>{privacyPolicyPageCopy.pourFaireFonctionnerLe}</p>
        <BulletList testId="privacy-collected" items={COLLECTED_DATA} />
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.protectionDesVotes} icon={Cpu} id="vote-protection">
        <p>{privacyPolicyPageCopy.pourQuUnProgramme}</p>
        <BulletList
          testId="privacy-protection"
          items={[
            <>
              <strong>{privacyPolicyPageCopy.identifiantDeLAppareil}</strong> {privacyPolicyPageCopy.delivreEtSignePar}
              <code>user_fingerprint</code>
              {privacyPolicyPageCopy.ilNEstJamais}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.preuveDeTravail}</strong> {privacyPolicyPageCopy.avantChaqueVoteVotre}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.adresseIp}</strong> {privacyPolicyPageCopy.utiliseeEnMemoireOu}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.detectionDesRafales}</strong> {privacyPolicyPageCopy.pourRepererLesVotes}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.chiffresPublics}</strong> {privacyPolicyPageCopy.seulsDesTotauxPar}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.finalites} icon={Target} id="purposes">
        <BulletList
          items={[
            privacyPolicyPageCopy.compterUnSeulVote,
            privacyPolicyPageCopy.afficherVosVotesEt,
            privacyPolicyPageCopy.retenirVosPreferencesD,
            privacyPolicyPageCopy.protegerLeServiceContre,
          ]}
        />
        <p>{privacyPolicyPageCopy.vosDonneesNeSont}</p>
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.hebergementEtBaseDe} icon={Server} id="hosting">
        <p data-testid="privacy-hosting">
          {privacyPolicyPageCopy.leServiceEtSa}
          {siteFact(site, 'hostName')} {privacyPolicyPageCopy.paysDesServeurs} {siteFact(site, 'hostCountry')}).{' '}
          {site &&
            (isInEuropeanUnion(site.hostCountry)
              ? privacyPolicyPageCopy.vosDonneesRestentDans
              : privacyPolicyPageCopy.ceTransfertHorsDe)}
        </p>
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.dureeDeConservation} icon={Clock} id="retention">
        <BulletList
          testId="privacy-retention"
          items={[
            <>
              <strong>{privacyPolicyPageCopy.votes}</strong> {privacyPolicyPageCopy.pendantLaDureeDe}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.empreinteDuNavigateur}</strong> {privacyPolicyPageCopy.n1AnApresVotre}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.preuvesDeTravailUtilisees}</strong> {privacyPolicyPageCopy.jusquALeurExpiration}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.compteursParAdresseIp}</strong> {privacyPolicyPageCopy.hacheeDeuxHeuresAu}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.notesDeDetectionDes}</strong> {privacyPolicyPageCopy.groupeDAdressesHache}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.preferences}</strong> {privacyPolicyPageCopy.themeConsentementJusquA}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.basesLegales} icon={Landmark} id="legal-bases">
        <BulletList
          testId="privacy-legal-bases"
          items={[
            <>
              <strong>{privacyPolicyPageCopy.interetLegitime}</strong> {privacyPolicyPageCopy.securiteDuServiceEt}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.consentement}</strong> {privacyPolicyPageCopy.cookiesEtPreferencesEnregistres}
            </>,
            <>
              <strong>{privacyPolicyPageCopy.contrat}</strong> {privacyPolicyPageCopy.fournitureDuServiceDe}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.mineurs} icon={Baby} id="minors">
        <p data-testid="privacy-minors">
          {privacyPolicyPageCopy.ceServiceNEst}
          {MINIMUM_AGE_YEARS} {privacyPolicyPageCopy.ans}
        </p>
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.vosDroits} icon={UserCheck} id="rights">
        <p data-testid="privacy-rights">
          {privacyPolicyPageCopy.vousDisposezDUn}
          {RIGHTS.slice(0, -1).join(', ')} {privacyPolicyPageCopy.et}
          {RIGHTS.at(-1)} {privacyPolicyPageCopy.surVosDonneesPour} <ContactLink email={SITE.contactEmail} />.
        </p>
        <p>
          {privacyPolicyPageCopy.siVousEstimezQue}
          <a href="https://www.cnil.fr" target="_blank" rel="noopener noreferrer">
            cnil.fr
          </a>
          ).
        </p>
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.vosDonnees} icon={FileDown} id="my-data">
        <MyDataPanel />
      </LegalSection>

      <LegalSection title={privacyPolicyPageCopy.contact} icon={MapPin} id="privacy-contact">
        <p data-testid="privacy-contact">
          {SITE.name} {privacyPolicyPageCopy.laReunionFrance}
          <ContactLink email={SITE.contactEmail} />
        </p>
        <p data-testid="privacy-updated" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Database aria-hidden="true" className="size-4" />
          {privacyPolicyPageCopy.derniereMiseAJour}
          {updatedAt}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
