import BookOpen from 'lucide-react/icons/book-open';
import CircleHelp from 'lucide-react/icons/circle-help';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Filter from 'lucide-react/icons/filter';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import Sparkles from 'lucide-react/icons/sparkles';
import type { ReactNode } from 'react';
import { CATEGORIES } from '../../../../shared/categories.js';
import { SITE } from '../../../../shared/site.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../components/ui/cn.js';
import { useHealth } from '../../../lib/health.js';
import { voteChangeAnswer } from '../lib/legal-text.js';
import { BulletList, LegalLayout, LegalSection } from './legal-layout.js';

const VOTE_FILTERS = [
  { label: 'Tous', text: 'toutes les prédictions' },
  { label: 'Votés', text: 'celles où vous avez déjà voté' },
  { label: 'Non votés', text: 'celles qui attendent encore votre avis' },
] as const;

function FaqItem({
  question,
  children,
  testId,
  defaultOpen = false,
}: {
  question: string;
  children: ReactNode;
  testId?: string;
  defaultOpen?: boolean;
}) {
  return (
    <details
      open={defaultOpen}
      data-testid={testId}
      className="group rounded-xl border border-slate-200 bg-slate-50/60 open:bg-white dark:border-slate-800 dark:bg-slate-950/40 dark:open:bg-slate-950"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold text-slate-900 dark:text-white [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="px-4 pb-4 text-slate-700 dark:text-slate-300">{children}</div>
    </details>
  );
}

function VoteChangeAnswer() {
  const health = useHealth();
  if (health.isPending) {
    return (
      <span role="status" className="block">
        <span className="sr-only">Chargement…</span>
        <Skeleton className="h-4 w-4/5" />
      </span>
    );
  }
  if (health.isError) return <span>Un seul vote est compté par prédiction et par appareil.</span>;
  return <span data-testid="vote-change-rule">{voteChangeAnswer(health.data.voteChange)}</span>;
}

/** Documentation: what the product is, its categories, its filters and a FAQ. */
export function DocumentationPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title="Documentation"
      icon={BookOpen}
      onBack={onBack}
      intro={<p>Tout ce qu’il faut savoir pour prédire l’avenir de La Réunion avec {SITE.name}.</p>}
    >
      <LegalSection title={`Qu’est-ce que ${SITE.name} ?`} icon={Sparkles}>
        <p>
          {SITE.name} est une application web publique et gratuite où chacun peut donner son avis sur l’actualité de l’île : pour
          chaque prédiction, vous votez <strong>OUI</strong> ou <strong>NON</strong> et vous suivez les résultats en direct.
        </p>
        <p>
          Pas de compte ni d’inscription : votre appareil est reconnu par une empreinte anonyme, ce qui limite les votes en
          double. La rubrique <strong>Élections Municipales</strong> vous permet aussi de choisir un candidat par commune pour
          2026, et la page <strong>Actualités</strong> rassemble les informations du moment et les alertes météo.
        </p>
      </LegalSection>

      <LegalSection title="Les catégories" icon={LayoutGrid}>
        <p>Chaque prédiction appartient à l’une des {CATEGORIES.length} catégories suivantes :</p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="doc-categories">
          {CATEGORIES.map((category) => (
            <li
              key={category.id}
              className={cn(
                'flex min-w-0 flex-col items-center gap-1 rounded-xl px-2 py-3 text-center text-[13px] leading-tight font-semibold [overflow-wrap:anywhere]',
                category.color,
              )}
            >
              <span aria-hidden="true" className="text-xl leading-none">
                {category.icon}
              </span>
              {category.name}
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection title="Les filtres" icon={Filter}>
        <BulletList
          testId="doc-filters"
          items={[
            <>
              <strong>Recherche</strong> : tapez un mot (par exemple « Cyclone » ou « Saint-Denis ») pour trouver les prédictions
              dont le titre, la description ou le nom de la catégorie le contient. Les suggestions sous la barre de recherche
              lancent une recherche en un clic.
            </>,
            <>
              <strong>Catégorie</strong> : « Toutes catégories » ou une seule catégorie à la fois.
            </>,
            <>
              <strong>Statut de vote</strong> :{' '}
              {VOTE_FILTERS.map((filter, index) => (
                <span key={filter.label}>
                  {index > 0 && (index === VOTE_FILTERS.length - 1 ? ' ou ' : ', ')}« <strong>{filter.label}</strong> » pour
                  afficher {filter.text}
                </span>
              ))}
              .
            </>,
          ]}
        />
        <p>Les filtres se combinent : vous pouvez par exemple chercher « route » parmi les prédictions Transport non votées.</p>
      </LegalSection>

      <LegalSection title="Questions fréquentes" icon={CircleHelp}>
        <div className="space-y-2">
          <FaqItem question="Combien de fois puis-je voter ?" testId="faq-one-vote" defaultOpen>
            Un seul vote par prédiction : chaque appareil compte pour un participant.
          </FaqItem>
          <FaqItem question="Puis-je changer mon vote ?" testId="faq-vote-change" defaultOpen>
            <VoteChangeAnswer />
          </FaqItem>
          <FaqItem question="Faut-il créer un compte ?">
            Non. Aucun compte, aucun mot de passe : une empreinte anonyme de votre navigateur suffit à reconnaître vos votes.
          </FaqItem>
          <FaqItem question="Les résultats sont-ils en direct ?">
            Oui. Les pourcentages se mettent à jour automatiquement, quelques instants après chaque vote, sans recharger la page.
          </FaqItem>
          <FaqItem question="Comment voter aux élections municipales ?">
            Ouvrez une commune, choisissez un candidat puis touchez « Confirmer le vote ». Un seul vote est possible par commune
            et il ne peut plus être modifié ensuite.
          </FaqItem>
          <FaqItem question="Que se passe-t-il quand une prédiction est terminée ?">
            Les votes ne sont plus acceptés après la date de fin ; les résultats restent consultables.
          </FaqItem>
        </div>
      </LegalSection>
    </LegalLayout>
  );
}
