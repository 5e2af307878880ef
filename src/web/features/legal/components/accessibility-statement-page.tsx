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

/** The day this statement was drawn up; change it whenever the checks or the known problems change. */
const STATEMENT_DAY = '2026-11-27';

/** The problems seen during the checks below, each with what it costs a visitor. */
const KNOWN_PROBLEMS = [
  <>
    <strong>Focus à la fermeture de «&nbsp;Comment ça marche&nbsp;?&nbsp;»</strong>&nbsp;: la fenêtre qui s’ouvre à la première
    visite rend le focus au début de la page, et non à l’endroit où vous étiez (WCAG 2.4.3).
  </>,
  <>
    <strong>Zoom à 200&nbsp;% sur téléphone</strong>&nbsp;: sur toutes les pages, les libellés de la barre d’onglets du bas se
    chevauchent (WCAG 1.4.4).
  </>,
  <>
    <strong>Écoute avec un lecteur d’écran</strong>&nbsp;: aucun parcours n’a encore été vérifié avec NVDA, JAWS, VoiceOver ou
    TalkBack&nbsp;; des défauts d’annonce peuvent subsister.
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
      title="Déclaration d’accessibilité"
      icon={Accessibility}
      onBack={onBack}
      intro={
        <p>
          {SITE.name} s’engage à rendre son site accessible conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005.
          Cette déclaration d’accessibilité s’applique au site {SITE.name} et à toutes ses pages.
        </p>
      }
    >
      <LegalSection title="État de conformité" icon={ClipboardCheck} id="status">
        <p>
          Le site {SITE.name} est <strong data-testid="conformity-status">non conforme</strong> avec le référentiel général
          d’amélioration de l’accessibilité (RGAA), version 4.1.2.
        </p>
        <p>
          Aucun audit complet du RGAA n’a encore été réalisé&nbsp;: sans audit, le taux de conformité n’est pas mesuré et le RGAA
          impose cette mention, quel que soit le soin apporté au site. Les vérifications décrites ci-dessous ont été faites et
          sont refaites à chaque modification du site, mais elles ne couvrent pas tous les critères.
        </p>
      </LegalSection>

      <LegalSection title="Ce qui a été vérifié, et comment" icon={ClipboardCheck} id="checks">
        <p>Chacune de ces vérifications est un test automatique, rejoué avant chaque mise en ligne&nbsp;:</p>
        <BulletList
          testId="accessibility-checks"
          items={[
            <>
              <strong>Contrôle automatique axe-core</strong> de chaque écran (liste, fiche d’une prédiction ouverte et résolue,
              municipales, actualités, pages d’information, menus, bandeau cookies, administration), en thème clair et en thème
              sombre, sur téléphone et sur grand écran&nbsp;: aucune erreur relevée.
            </>,
            <>
              <strong>Navigation au clavier</strong>&nbsp;: le lien «&nbsp;Aller aux prédictions&nbsp;» («&nbsp;Aller au
              contenu&nbsp;» sur les autres pages) vient en premier, puis, à la première visite, les boutons du bandeau
              cookies&nbsp;; la touche Tab atteint ensuite les boutons OUI et NON de chaque carte&nbsp;; après un vote, le focus
              va au message «&nbsp;Vous avez voté&nbsp;…&nbsp;»&nbsp;; le menu «&nbsp;Plus&nbsp;» s’ouvre avec Entrée et se ferme
              avec Échap en rendant le focus à son bouton.
            </>,
            <>
              <strong>Focus visible</strong>&nbsp;: l’élément qui a le focus clavier est entouré d’un contour d’au moins 2 pixels.
            </>,
            <>
              <strong>Zoom à 200&nbsp;%</strong>&nbsp;: sur un téléphone de 390&nbsp;pixels de large zoomé à 200&nbsp;% (195
              pixels utiles), l’accueil, la fiche d’une prédiction, les actualités, Municipales et la fiche d’une commune,
              Transparence des votes, Voter à la chaîne, Mon bilan, la documentation, les mentions légales, les politiques de
              cookies et de confidentialité et cette déclaration restent lisibles sans défilement horizontal.
            </>,
            <>
              <strong>Noms accessibles des résultats</strong>&nbsp;: l’anneau de probabilité est lu «&nbsp;Probabilité de
              OUI&nbsp;: 46&nbsp;%. Les participants penchent pour le NON.&nbsp;», les boutons de vote «&nbsp;Voter
              OUI&nbsp;:&nbsp;» suivi de la question, et les résultats indiquent le pourcentage et le nombre de votes de chaque
              réponse.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Contenus non accessibles" icon={CircleAlert} id="known-problems">
        <p>Les défauts suivants sont connus et restent à corriger&nbsp;:</p>
        <BulletList testId="accessibility-problems" items={KNOWN_PROBLEMS} />
      </LegalSection>

      <LegalSection title="Établissement de cette déclaration" icon={FileSignature} id="drawn-up">
        <p>
          Cette déclaration a été établie le <span data-testid="statement-date">{formatFrenchDay(STATEMENT_DAY)}</span>.
        </p>
        <dl className="grid gap-2 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold text-slate-900 dark:text-white">Technologies utilisées</dt>
          <dd>HTML, CSS, JavaScript, WAI-ARIA</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">Environnement de test</dt>
          <dd>Chromium, sur un écran de téléphone (390&nbsp;× 844) et un grand écran (1440&nbsp;× 900)</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">Outils d’évaluation</dt>
          <dd>axe-core, et des tests de navigateur Playwright pour le clavier, le focus, le zoom et les noms accessibles</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">Pages vérifiées</dt>
          <dd>
            Accueil, fiche d’une prédiction, Municipales, Actualités, Transparence des votes, Mon bilan, Voter à la chaîne,
            Documentation, Mentions légales, Politique de cookies, Politique de confidentialité et cette déclaration
          </dd>
        </dl>
      </LegalSection>

      <LegalSection title="Retour d’information et contact" icon={Mail} id="contact">
        <p>
          Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative
          accessible ou obtenir le contenu sous une autre forme&nbsp;:
        </p>
        <BulletList
          items={[
            <>
              par courriel&nbsp;: <ContactLink email={SITE.contactEmail} />
              &nbsp;;
            </>,
            <>
              par courrier&nbsp;: {siteFact(site, 'publisher')}, {siteFact(site, 'publisherAddress')}.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="Voies de recours" icon={Gavel} id="remedies">
        <p>
          Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous
          n’avez pas obtenu de réponse satisfaisante, vous pouvez&nbsp;:
        </p>
        <BulletList
          testId="remedies"
          items={[
            <>
              écrire un message au Défenseur des droits par son{' '}
              <a href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne</a>&nbsp;;
            </>,
            <>
              contacter <a href="https://www.defenseurdesdroits.fr/carte-des-delegues">le délégué du Défenseur des droits</a> de
              votre région&nbsp;;
            </>,
            <>
              envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)&nbsp;:{' '}
              <span data-testid="remedy-address">Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07</span>.
            </>,
          ]}
        />
      </LegalSection>
    </LegalLayout>
  );
}
