import Accessibility from 'lucide-react/icons/accessibility';
import CircleAlert from 'lucide-react/icons/circle-alert';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import FileSignature from 'lucide-react/icons/file-signature';
import Gavel from 'lucide-react/icons/gavel';
import Mail from 'lucide-react/icons/mail';
import { SITE } from '../../../../shared/site.js';
import { siteFact, useSiteFacts } from '../api/site-facts.js';
import { formatFrenchDay } from '../lib/legal-text.js';
import { BulletList, ContactLink, LegalLayout, LegalSection } from './legal-layout.js';
import * as accessibilityCopy from '../../../copy/accessibility.js';

/** The day this statement was drawn up; change it whenever the checks or the known problems change. */
const STATEMENT_DAY = '2026-11-27';

/** The problems seen during the checks below, each with what it costs a visitor. */
const KNOWN_PROBLEMS = [
  <>
    <strong>{accessibilityCopy.accessibilityStatementPageFocusALaFermeture}</strong>
    {accessibilityCopy.accessibilityStatementPageLaFenetreQuiS}
  </>,
  <>
    <strong>{accessibilityCopy.accessibilityStatementPageZoomA200Sur}</strong>
    {accessibilityCopy.accessibilityStatementPageSurToutesLesPages}
  </>,
  <>
    <strong>{accessibilityCopy.accessibilityStatementPageEcouteAvecUnLecteur}</strong>
    {accessibilityCopy.accessibilityStatementPageAucunParcoursNA}
  </>,
];

/**
 * Déclaration d’accessibilité, after the RGAA's model: status, checks done, known problems, how it was drawn
 * up, contact and the Défenseur des droits. Every check named here is a test of the browser suite
 * (tests/e2e/accessibility-statement.spec.ts and the axe checks).
 */
export function AccessibilityStatementPage({ onBack }: { onBack: () => void }) {
  const { data: site } = useSiteFacts();
  return (
    <LegalLayout
      title={accessibilityCopy.accessibilityStatementPageDeclarationDAccessibilite}
      icon={Accessibility}
      onBack={onBack}
      intro={
        <p>
          {SITE.name} {accessibilityCopy.accessibilityStatementPageSEngageARendre}
          {SITE.name} {accessibilityCopy.accessibilityStatementPageEtAToutesSes}
        </p>
      }
    >
      <LegalSection title={accessibilityCopy.accessibilityStatementPageEtatDeConformite} icon={ClipboardCheck} id="status">
        <p>
          {accessibilityCopy.accessibilityStatementPageLeSite}
          {SITE.name} {accessibilityCopy.accessibilityStatementPageEst}
          <strong data-testid="conformity-status">{accessibilityCopy.accessibilityStatementPageNonConforme}</strong>{' '}
          {accessibilityCopy.accessibilityStatementPageAvecLeReferentielGeneral}
        </p>
        <p>{accessibilityCopy.accessibilityStatementPageAucunAuditCompletDu}</p>
      </LegalSection>

      <LegalSection title={accessibilityCopy.accessibilityStatementPageCeQuiAEte} icon={ClipboardCheck} id="checks">
        <p>{accessibilityCopy.accessibilityStatementPageChacuneDeCesVerifications}</p>
        <BulletList
          testId="accessibility-checks"
          items={[
            <>
              <strong>{accessibilityCopy.accessibilityStatementPageControleAutomatiqueAxeCore}</strong>{' '}
              {accessibilityCopy.accessibilityStatementPageDeChaqueEcranListe}
            </>,
            <>
              <strong>{accessibilityCopy.accessibilityStatementPageNavigationAuClavier}</strong>
              {accessibilityCopy.accessibilityStatementPageLeLienAllerAux}
            </>,
            <>
              <strong>{accessibilityCopy.accessibilityStatementPageFocusVisible}</strong>
              {accessibilityCopy.accessibilityStatementPageLElementQuiA}
            </>,
            <>
              <strong>{accessibilityCopy.accessibilityStatementPageZoomA200}</strong>
              {accessibilityCopy.accessibilityStatementPageSurUnTelephoneDe}
            </>,
            <>
              <strong>{accessibilityCopy.accessibilityStatementPageNomsAccessiblesDesResultats}</strong>
              {accessibilityCopy.accessibilityStatementPageLAnneauDeProbabilite}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection
        title={accessibilityCopy.accessibilityStatementPageContenusNonAccessibles}
        icon={CircleAlert}
        id="known-problems"
      >
        <p>{accessibilityCopy.accessibilityStatementPageLesDefautsSuivantsSont}</p>
        <BulletList testId="accessibility-problems" items={KNOWN_PROBLEMS} />
      </LegalSection>

      <LegalSection
        title={accessibilityCopy.accessibilityStatementPageEtablissementDeCetteDeclaration}
        icon={FileSignature}
        id="drawn-up"
      >
        <p>
          {accessibilityCopy.accessibilityStatementPageCetteDeclarationAEte}
          <span data-testid="statement-date">{formatFrenchDay(STATEMENT_DAY)}</span>.
        </p>
        <dl className="grid gap-2 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold text-slate-900 dark:text-white">
            {accessibilityCopy.accessibilityStatementPageTechnologiesUtilisees}
          </dt>
          <dd>{accessibilityCopy.accessibilityStatementPageHtmlCssJavascriptWai}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">
            {accessibilityCopy.accessibilityStatementPageEnvironnementDeTest}
          </dt>
          <dd>{accessibilityCopy.accessibilityStatementPageChromiumSurUnEcran}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">
            {accessibilityCopy.accessibilityStatementPageOutilsDEvaluation}
          </dt>
          <dd>{accessibilityCopy.accessibilityStatementPageAxeCoreEtDes}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">
            {accessibilityCopy.accessibilityStatementPagePagesVerifiees}
          </dt>
          <dd>{accessibilityCopy.accessibilityStatementPageAccueilFicheDUne}</dd>
        </dl>
      </LegalSection>

      <LegalSection title={accessibilityCopy.accessibilityStatementPageRetourDInformationEt} icon={Mail} id="contact">
        <p>{accessibilityCopy.accessibilityStatementPageSiVousNArrivez}</p>
        <BulletList
          items={[
            <>
              {accessibilityCopy.accessibilityStatementPageParCourriel}
              <ContactLink email={SITE.contactEmail} />
              &nbsp;;
            </>,
            <>
              {accessibilityCopy.accessibilityStatementPageParCourrier}
              {siteFact(site, 'publisher')}, {siteFact(site, 'publisherAddress')}.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={accessibilityCopy.accessibilityStatementPageVoiesDeRecours} icon={Gavel} id="remedies">
        <p>{accessibilityCopy.accessibilityStatementPageSiVousNousAvez}</p>
        <BulletList
          testId="remedies"
          items={[
            <>
              {accessibilityCopy.accessibilityStatementPageEcrireUnMessageAu}{' '}
              <a href="https://formulaire.defenseurdesdroits.fr/">
                {accessibilityCopy.accessibilityStatementPageFormulaireEnLigne}
              </a>
              &nbsp;;
            </>,
            <>
              {accessibilityCopy.accessibilityStatementPageContacter}
              <a href="https://www.defenseurdesdroits.fr/carte-des-delegues">
                {accessibilityCopy.accessibilityStatementPageLeDelegueDuDefenseur}
              </a>{' '}
              {accessibilityCopy.accessibilityStatementPageDeVotreRegion}
            </>,
            <>
              {accessibilityCopy.accessibilityStatementPageEnvoyerUnCourrierPar}{' '}
              <span data-testid="remedy-address">{accessibilityCopy.accessibilityStatementPageDefenseurDesDroitsLibre}</span>.
            </>,
          ]}
        />
      </LegalSection>
    </LegalLayout>
  );
}
