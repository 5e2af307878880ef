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
import { accessibilityStatementPageCopy } from '../../../copy/accessibility.js';

/** The day this statement was drawn up; change it whenever the checks or the known problems change. */
const STATEMENT_DAY = '2026-11-27';

/** The problems seen during the checks below, each with what it costs a visitor. */
const KNOWN_PROBLEMS = [
  <>
    <strong>{accessibilityStatementPageCopy.focusALaFermeture}</strong>
    {accessibilityStatementPageCopy.laFenetreQuiS}
  </>,
  <>
    <strong>{accessibilityStatementPageCopy.zoomA200Sur}</strong>
    {accessibilityStatementPageCopy.surToutesLesPages}
  </>,
  <>
    <strong>{accessibilityStatementPageCopy.ecouteAvecUnLecteur}</strong>
    {accessibilityStatementPageCopy.aucunParcoursNA}
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
      title={accessibilityStatementPageCopy.declarationDAccessibilite}
      icon={Accessibility}
      onBack={onBack}
      intro={
        <p>
          {SITE.name} {accessibilityStatementPageCopy.sEngageARendre}
          {SITE.name} {accessibilityStatementPageCopy.etAToutesSes}
        </p>
      }
    >
      <LegalSection title={accessibilityStatementPageCopy.etatDeConformite} icon={ClipboardCheck} id="status">
        <p>
          {accessibilityStatementPageCopy.leSite}
          {SITE.name} {accessibilityStatementPageCopy.est}
          <strong data-testid="conformity-status">{accessibilityStatementPageCopy.nonConforme}</strong>{' '}
          {accessibilityStatementPageCopy.avecLeReferentielGeneral}
        </p>
        <p>{accessibilityStatementPageCopy.aucunAuditCompletDu}</p>
      </LegalSection>

      <LegalSection title={accessibilityStatementPageCopy.ceQuiAEte} icon={ClipboardCheck} id="checks">
        <p>{accessibilityStatementPageCopy.chacuneDeCesVerifications}</p>
        <BulletList
          testId="accessibility-checks"
          items={[
            <>
              <strong>{accessibilityStatementPageCopy.controleAutomatiqueAxeCore}</strong>{' '}
              {accessibilityStatementPageCopy.deChaqueEcranListe}
            </>,
            <>
              <strong>{accessibilityStatementPageCopy.navigationAuClavier}</strong>
              {accessibilityStatementPageCopy.leLienAllerAux}
            </>,
            <>
              <strong>{accessibilityStatementPageCopy.focusVisible}</strong>
              {accessibilityStatementPageCopy.lElementQuiA}
            </>,
            <>
              <strong>{accessibilityStatementPageCopy.zoomA200}</strong>
              {accessibilityStatementPageCopy.surUnTelephoneDe}
            </>,
            <>
              <strong>{accessibilityStatementPageCopy.nomsAccessiblesDesResultats}</strong>
              {accessibilityStatementPageCopy.lAnneauDeProbabilite}
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={accessibilityStatementPageCopy.contenusNonAccessibles} icon={CircleAlert} id="known-problems">
        <p>{accessibilityStatementPageCopy.lesDefautsSuivantsSont}</p>
        <BulletList testId="accessibility-problems" items={KNOWN_PROBLEMS} />
      </LegalSection>

      <LegalSection title={accessibilityStatementPageCopy.etablissementDeCetteDeclaration} icon={FileSignature} id="drawn-up">
        <p>
          {accessibilityStatementPageCopy.cetteDeclarationAEte}
          <span data-testid="statement-date">{formatFrenchDay(STATEMENT_DAY)}</span>.
        </p>
        <dl className="grid gap-2 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold text-slate-900 dark:text-white">{accessibilityStatementPageCopy.technologiesUtilisees}</dt>
          <dd>{accessibilityStatementPageCopy.htmlCssJavascriptWai}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">{accessibilityStatementPageCopy.environnementDeTest}</dt>
          <dd>{accessibilityStatementPageCopy.chromiumSurUnEcran}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">{accessibilityStatementPageCopy.outilsDEvaluation}</dt>
          <dd>{accessibilityStatementPageCopy.axeCoreEtDes}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">{accessibilityStatementPageCopy.pagesVerifiees}</dt>
          <dd>{accessibilityStatementPageCopy.accueilFicheDUne}</dd>
        </dl>
      </LegalSection>

      <LegalSection title={accessibilityStatementPageCopy.retourDInformationEt} icon={Mail} id="contact">
        <p>{accessibilityStatementPageCopy.siVousNArrivez}</p>
        <BulletList
          items={[
            <>
              {accessibilityStatementPageCopy.parCourriel}
              <ContactLink email={SITE.contactEmail} />
              &nbsp;;
            </>,
            <>
              {accessibilityStatementPageCopy.parCourrier}
              {siteFact(site, 'publisher')}, {siteFact(site, 'publisherAddress')}.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title={accessibilityStatementPageCopy.voiesDeRecours} icon={Gavel} id="remedies">
        <p>{accessibilityStatementPageCopy.siVousNousAvez}</p>
        <BulletList
          testId="remedies"
          items={[
            <>
              {accessibilityStatementPageCopy.ecrireUnMessageAu}{' '}
              <a href="https://formulaire.defenseurdesdroits.fr/">{accessibilityStatementPageCopy.formulaireEnLigne}</a>&nbsp;;
            </>,
            <>
              {accessibilityStatementPageCopy.contacter}
              <a href="https://www.defenseurdesdroits.fr/carte-des-delegues">
                {accessibilityStatementPageCopy.leDelegueDuDefenseur}
              </a>{' '}
              {accessibilityStatementPageCopy.deVotreRegion}
            </>,
            <>
              {accessibilityStatementPageCopy.envoyerUnCourrierPar}{' '}
              <span data-testid="remedy-address">{accessibilityStatementPageCopy.defenseurDesDroitsLibre}</span>.
            </>,
          ]}
        />
      </LegalSection>
    </LegalLayout>
  );
}
