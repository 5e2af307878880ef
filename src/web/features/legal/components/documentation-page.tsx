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
import { documentationPageCopy } from '../../../copy/documentation.js';

const VOTE_FILTERS = [
  { label: documentationPageCopy.tous, text: documentationPageCopy.toutesLesPredictions },
  { label: documentationPageCopy.votes, text: documentationPageCopy.cellesOuVousAvez },
  { label: documentationPageCopy.nonVotes, text: documentationPageCopy.cellesQuiAttendentEncore },
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
        <span className="sr-only">{documentationPageCopy.chargement}</span>
        <Skeleton className="h-4 w-4/5" />
      </span>
    );
  }
  if (health.isError) return <span>{documentationPageCopy.unSeulVoteEst}</span>;
  return <span data-testid="vote-change-rule">{voteChangeAnswer(health.data.voteChange)}</span>;
}

/** Documentation: what the product is, its categories, its filters and a FAQ. */
export function DocumentationPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title={documentationPageCopy.documentation}
      icon={BookOpen}
      onBack={onBack}
      intro={
        <p>
          {documentationPageCopy.toutCeQuIl}
          {SITE.name}.
        </p>
      }
    >
      <LegalSection title={documentationPageCopy.quEstCeQue(SITE.name)} icon={Sparkles}>
        <p>
          {SITE.name} {documentationPageCopy.estUneApplicationWeb}
          <strong>{documentationPageCopy.oui}</strong> {documentationPageCopy.ou}
          <strong>{documentationPageCopy.non}</strong> {documentationPageCopy.etVousSuivezLes}
        </p>
        <p>
          {documentationPageCopy.pasDeCompteNi}
          <strong>{documentationPageCopy.electionsMunicipales}</strong> {documentationPageCopy.vousPermetAussiDe}
          <strong>{documentationPageCopy.actualites}</strong> {documentationPageCopy.rassembleLesInformationsDu}
        </p>
      </LegalSection>

      <LegalSection title={documentationPageCopy.lesCategories} icon={LayoutGrid}>
        <p>
          {documentationPageCopy.chaquePredictionAppartientA}
          {CATEGORIES.length} {documentationPageCopy.categoriesSuivantes}
        </p>
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

      <LegalSection title={documentationPageCopy.lesFiltres} icon={Filter}>
        <BulletList
          testId="doc-filters"
          items={[
            <>
              <strong>{documentationPageCopy.recherche}</strong> {documentationPageCopy.tapezUnMotPar}
            </>,
            <>
              <strong>{documentationPageCopy.categorie}</strong> {documentationPageCopy.toutesCategoriesOuUne}
            </>,
            <>
              <strong>{documentationPageCopy.statutDeVote}</strong> :{' '}
              {VOTE_FILTERS.map((filter, index) => (
                <span key={filter.label}>
                  {index > 0 && (index === VOTE_FILTERS.length - 1 ? documentationPageCopy.lastSeparator : ', ')}
                  {documentationPageCopy.openQuote}
                  <strong>{filter.label}</strong> {documentationPageCopy.pourAfficher}
                  {filter.text}
                </span>
              ))}
              .
            </>,
          ]}
        />
        <p>{documentationPageCopy.lesFiltresSeCombinent}</p>
      </LegalSection>

      <LegalSection title={documentationPageCopy.questionsFrequentes} icon={CircleHelp}>
        <div className="space-y-2">
          <FaqItem question={documentationPageCopy.combienDeFoisPuis} testId="faq-one-vote" defaultOpen>
            {documentationPageCopy.unSeulVotePar}
          </FaqItem>
          <FaqItem question={documentationPageCopy.puisJeChangerMon} testId="faq-vote-change" defaultOpen>
            <VoteChangeAnswer />
          </FaqItem>
          <FaqItem question={documentationPageCopy.fautIlCreerUn}>{documentationPageCopy.nonAucunCompteAucun}</FaqItem>
          <FaqItem question={documentationPageCopy.lesResultatsSontIls}>{documentationPageCopy.ouiLesPourcentagesSe}</FaqItem>
          <FaqItem question={documentationPageCopy.commentVoterAuxElections}>
            {documentationPageCopy.ouvrezUneCommuneChoisissez}
          </FaqItem>
          <FaqItem question={documentationPageCopy.queSePasseT}>{documentationPageCopy.lesVotesNeSont}</FaqItem>
        </div>
      </LegalSection>
    </LegalLayout>
  );
}
