import { SWIPE_CLOSE_PX } from '../../shared/constants.js';
import { frenchTypography } from '../../shared/format.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { Button } from '../components/ui/button.js';
import { Sheet } from '../components/ui/sheet.js';
import { useHealth } from '../lib/health.js';
import * as howItWorksCopy from '../copy/how-it-works.js';

/** The fourth step, as the FAQ says it: one vote per prediction and device, changeable while it is open if the server allows. */
export const PROTECTED_VOTE_TEXT: Record<VoteChangeRule, string> = {
  allowed: howItWorksCopy.howItWorksSheetUneEmpreinteAnonymeDe,
  forbidden: howItWorksCopy.howItWorksSheetUneEmpreinteAnonymeDe2,
};

const STEPS = [
  {
    icon: '🗳️',
    title: howItWorksCopy.howItWorksSheetVotezOuiOuNon,
    text: howItWorksCopy.howItWorksSheetChoisissezUnePredictionSur,
    tint: 'bg-emerald-100 dark:bg-emerald-950',
  },
  {
    icon: '📈',
    title: howItWorksCopy.howItWorksSheetSuivezLesTendances,
    text: howItWorksCopy.howItWorksSheetLesPourcentagesEvoluentEn,
    tint: 'bg-ocean-100 dark:bg-ocean-950',
  },
  {
    icon: '📰',
    title: howItWorksCopy.howItWorksSheetExplorezLActualite,
    text: howItWorksCopy.howItWorksSheetLaPageActualitesOnglet,
    tint: 'bg-lava-100 dark:bg-lava-900/60',
  },
  {
    icon: '🛡️',
    title: howItWorksCopy.howItWorksSheetDesVotesProteges,
    // Said by the server's rule below: with changes allowed, the one vote can move from OUI to NON.
    text: null,
    tint: 'bg-indigo-100 dark:bg-indigo-950',
  },
] as const;

/** "J'ai compris !" closes it like ✕, Escape or a swipe do: every way of closing marks it as read. */
export default function HowItWorksSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const rule = useHealth().data?.voteChange ?? 'allowed';
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={frenchTypography(howItWorksCopy.howItWorksSheetCommentCaMarche)}
      swipeCloseDistance={SWIPE_CLOSE_PX}
      footer={
        <Button size="lg" className="w-full" onClick={onClose} data-autofocus>
          {frenchTypography(howItWorksCopy.howItWorksSheetJAiCompris)}
        </Button>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{howItWorksCopy.howItWorksSheetQuatreEtapesPourDonner}</p>
      <ol className="mt-4 flex flex-col gap-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-100 p-3.5 dark:border-slate-800">
            <span
              aria-hidden="true"
              className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl text-2xl ${step.tint}`}
            >
              {step.icon}
            </span>
            <div className="min-w-0">
              <h3 className="font-bold text-slate-900 dark:text-white">
                <span className="mr-1.5 text-ocean-700 dark:text-ocean-300">{index + 1}.</span>
                {step.title}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
                {frenchTypography(step.text ?? PROTECTED_VOTE_TEXT[rule])}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Sheet>
  );
}
