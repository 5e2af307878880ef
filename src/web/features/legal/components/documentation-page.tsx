import BookOpen from 'lucide-react/icons/book-open';
import CircleHelp from 'lucide-react/icons/circle-help';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Filter from 'lucide-react/icons/filter';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import Sparkles from 'lucide-react/icons/sparkles';
import type { ReactNode } from 'react';
import { CATEGORIES } from '../../../../shared/categories.js';
import { frenchTypography, NBSP } from '../../../../shared/format.js';
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
      {/* Narrower than 300 px (a phone at 200 % zoom) less padding, and the arrow follows the question's last word
          instead of keeping a column of its own, so that words fit. */}
      <summary className="block cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-3 py-3 font-semibold text-slate-900 min-[300px]:flex min-[300px]:px-4 dark:text-white [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">{frenchTypography(question)}</span>
        <ChevronDown
          aria-hidden="true"
          className="ml-1 inline-block size-4 shrink-0 align-[-0.125em] text-slate-500 transition-transform group-open:rotate-180 min-[300px]:ml-0 min-[300px]:block"
        />
      </summary>
      <div className="px-3 pb-3 text-slate-700 min-[300px]:px-4 min-[300px]:pb-4 dark:text-slate-300">{children}</div>
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
      {/* The texts get their French spacing (no-break spaces before « : », « ? », inside « ») where they are shown. */}
      <LegalSection title={frenchTypography(documentationCopy.documentationPageQuEstCeQue(SITE.name))} icon={Sparkles}>
        <p>
          {SITE.name} {frenchTypography(documentationCopy.documentationPageEstUneApplicationWeb)}
          <strong>{documentationCopy.documentationPageOui}</strong> {documentationCopy.documentationPageOu}
          <strong>{documentationCopy.documentationPageNon}</strong> {documentationCopy.documentationPageEtVousSuivezLes}
        </p>
        <p>
          {frenchTypography(documentationCopy.documentationPagePasDeCompteNi)}
          <strong>{documentationCopy.documentationPageElectionsMunicipales}</strong>{' '}
          {documentationCopy.documentationPageVousPermetAussiDe}
          <strong>{documentationCopy.documentationPageActualites}</strong>{' '}
          {documentationCopy.documentationPageRassembleLesInformationsDu}
        </p>
      </LegalSection>

      <LegalSection title={documentationCopy.documentationPageLesCategories} icon={LayoutGrid}>
        <p>
          {documentationCopy.documentationPageChaquePredictionAppartientA}
          {CATEGORIES.length} {frenchTypography(documentationCopy.documentationPageCategoriesSuivantes)}
        </p>
        {/* One column narrower than 300 px (a phone at 200 % zoom): two would leave each name a few letters per line. */}
        <ul className="grid grid-cols-1 gap-2 min-[300px]:grid-cols-2 sm:grid-cols-4" data-testid="doc-categories">
          {CATEGORIES.map((category) => (
            <li
              key={category.id}
              className={cn(
                'flex min-w-0 flex-col items-center gap-1 rounded-xl px-2 py-3 text-center text-[13px] leading-tight font-semibold',
                category.color,
              )}
            >
              <span aria-hidden="true" className="text-xl leading-none">
                {category.icon}
              </span>
              {/* Never wider than the tile: a name longer than it (« Environnement » on a narrow tile) breaks. */}
              <span className="max-w-full">{category.name}</span>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection title={documentationCopy.documentationPageLesFiltres} icon={Filter}>
        <BulletList
          testId="doc-filters"
          items={[
            <>
              <strong>{documentationCopy.documentationPageRecherche}</strong>
              {NBSP}
              {frenchTypography(documentationCopy.documentationPageTapezUnMotPar)}
            </>,
            <>
              <strong>{documentationCopy.documentationPageCategorie}</strong>
              {NBSP}
              {frenchTypography(documentationCopy.documentationPageToutesCategoriesOuUne)}
            </>,
            <>
              <strong>{documentationCopy.documentationPageStatutDeVote}</strong>
              {NBSP}:{' '}
              {VOTE_FILTERS.map((filter, index) => (
                <span key={filter.label}>
                  {index > 0 && (index === VOTE_FILTERS.length - 1 ? documentationCopy.documentationPageLastSeparator : ', ')}
                  {frenchTypography(documentationCopy.documentationPageOpenQuote)}
                  <strong>{filter.label}</strong>
                  {NBSP}
                  {documentationCopy.documentationPagePourAfficher}
                  {filter.text}
                </span>
              ))}
              .
            </>,
          ]}
        />
        <p>{frenchTypography(documentationCopy.documentationPageLesFiltresSeCombinent)}</p>
      </LegalSection>

      <LegalSection title={documentationCopy.documentationPageQuestionsFrequentes} icon={CircleHelp}>
        <div className="space-y-2">
          <FaqItem question={documentationCopy.documentationPageCombienDeFoisPuis} testId="faq-one-vote" defaultOpen>
            {frenchTypography(documentationCopy.documentationPageUnSeulVotePar)}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPagePuisJeChangerMon} testId="faq-vote-change" defaultOpen>
            <VoteChangeAnswer />
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageFautIlCreerUn}>
            {frenchTypography(documentationCopy.documentationPageNonAucunCompteAucun)}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageLesResultatsSontIls}>
            {documentationCopy.documentationPageOuiLesPourcentagesSe}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageCommentVoterAuxElections}>
            {frenchTypography(documentationCopy.documentationPageOuvrezUneCommuneChoisissez)}
          </FaqItem>
          <FaqItem question={documentationCopy.documentationPageQueSePasseT}>
            {frenchTypography(documentationCopy.documentationPageLesVotesNeSont)}
          </FaqItem>
        </div>
      </LegalSection>
    </LegalLayout>
  );
}
