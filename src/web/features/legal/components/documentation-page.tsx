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
import * as documentationCopy from '../../../copy/documentation.js';

const VOTE_FILTERS = [
  { label: documentationCopy.documentationPageTous, text: documentationCopy.documentationPageToutesLesPredictions },
  { label: documentationCopy.documentationPageVotes, text: documentationCopy.documentationPageCellesOuVousAvez },
  { label: documentationCopy.documentationPageNonVotes, text: documentationCopy.documentationPageCellesQuiAttendentEncore },
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
        <span className="sr-only">{documentationCopy.documentationPageChargement}</span>
        <Skeleton className="h-4 w-4/5" />
      </span>
    );
  }
  if (health.isError) return <span>{documentationCopy.documentationPageUnSeulVoteEst}</span>;
  return <span data-testid="vote-change-rule">{voteChangeAnswer(health.data.voteChange)}</span>;
}

/** Documentation: what the product is, its categories, its filters and a FAQ. */
export function DocumentationPage({ onBack }: { onBack: () => void }) {
  return (
    <LegalLayout
      title={documentationCopy.documentationPageDocumentation}
      icon={BookOpen}
      onBack={onBack}
      intro={
        <p>
          {documentationCopy.documentationPageToutCeQuIl}
          {SITE.name}.
        </p>
      }
    >
      <LegalSection title={documentationCopy.documentationPageQuEstCeQue(SITE.name)} icon={Sparkles}>
        <p>
          {SITE.name} {documentationCopy.documentationPageEstUneApplicationWeb}
          <strong>{documentationCopy.documentationPageOui}</strong> {documentationCopy.documentationPageOu}
          <strong>{documentationCopy.documentationPageNon}</strong> {documentationCopy.documentationPageEtVousSuivezLes}
        </p>
        <p>
          {documentationCopy.documentationPagePasDeCompteNi}
          <strong>{documentationCopy.documentationPageElectionsMunicipales}</strong>{' '}
          {documentationCopy.documentationPageVousPermetAussiDe}
          <strong>{documentationCopy.documentationPageActualites}</strong>{' '}
          {documentationCopy.documentationPageRassembleLesInformationsDu}
        </p>
      </LegalSection>

      <LegalSection title={documentationCopy.documentationPageLesCategories} icon={LayoutGrid}>
        <p>
          {documentationCopy.documentationPageChaquePredictionAppartientA}
          {CATEGORIES.length} {documentationCopy.documentationPageCategoriesSuivantes}
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

      <LegalSection title={documentationCopy.documentationPageLesFiltres} icon={Filter}>
        <BulletList
          testId="doc-filters"
          items={[
            <>
              <strong>{documentationCopy.documentationPageRecherche}</strong> {documentationCopy.documentationPageTapezUnMotPar}
            </>,
            <>
              <strong>{documentationCopy.documentationPageCategorie}</strong>{' '}
              {documentationCopy.documentationPageToutesCategoriesOuUne}
            </>,
            <>
              <strong>{documentationCopy.documentationPageStatutDeVote}</strong> :{' '}
              {VOTE_FILTERS.map((filter, index) => (
                <span key={filter.label}>
                  {index > 0 && (index === VOTE_FILTERS.length - 1 ? documentationCopy.documentationPageLastSeparator : ', ')}
                  {documentationCopy.documentationPageOpenQuote}
                  <strong>{filter.label}</strong> {documentationCopy.documentationPagePourAfficher}
                  {filter.text}
                </span>
              ))}
              .
            </>,
          ]}
        />
        <p>{documentationCopy.documentationPageLesFiltresSeCombinent}</p>
      </LegalSection>

      <LegalSection title={documentationCopy.documentationPageQuestionsFrequentes} icon={CircleHelp}>
        <div className="space-y-2">
          <FaqItem question={documentationCopy.documentationPageCombienDeFoisPuis} testId="faq-one-vote" defaultOpen>
            {documentationCopy.documentationPageUnSeulVotePar}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPagePuisJeChangerMon} testId="faq-vote-change" defaultOpen>
            <VoteChangeAnswer />
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageFautIlCreerUn}>
            {documentationCopy.documentationPageNonAucunCompteAucun}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageLesResultatsSontIls}>
            {documentationCopy.documentationPageOuiLesPourcentagesSe}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageCommentVoterAuxElections}>
            {documentationCopy.documentationPageOuvrezUneCommuneChoisissez}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageQueSePasseT}>
            {documentationCopy.documentationPageLesVotesNeSont}
          </FaqItem>
        </div>
      </LegalSection>
    </LegalLayout>
  );
}
