import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';
import { useLayoutEffect, useRef, useState } from 'react';
import { frenchTypography } from '../../shared/format.js';
import * as shellCopy from '../copy/shell.js';

/** Half the arrow's width (size-3): its centre goes under the button's centre. */
const ARROW_HALF_PX = 6;

/**
 * Bubble pointing up at the header's "Comment ça marche" button. It hangs from the bottom of the whole
 * header (category bar included), so it never covers the category tabs, whatever the header's height. Its arrow is
 * placed under the button's measured centre (the button's width changes with the screen: icon only or labelled),
 * and the button is outlined meanwhile, so the bubble points at it and not at the category tab above the arrow.
 */
export function HowItWorksHint({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  const bubbleRef = useRef<HTMLDivElement>(null);
  const [arrowLeft, setArrowLeft] = useState<number | null>(null);

  useLayoutEffect(() => {
    const trigger = document.querySelector<HTMLElement>('[data-how-it-works-trigger]');
    const bubble = bubbleRef.current;
    if (!trigger || !bubble) return;
    trigger.dataset.hinted = 'true';
    const place = () => {
      const target = trigger.getBoundingClientRect();
      // Offsets, not the bubble's box: it is still scaled by its entrance animation when this runs.
      const origin = bubble.offsetParent?.getBoundingClientRect().left ?? 0;
      const centre = target.left + target.width / 2 - (origin + bubble.offsetLeft);
      setArrowLeft(Math.min(Math.max(centre, 16), bubble.offsetWidth - 16) - ARROW_HALF_PX);
    };
    place();
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      delete trigger.dataset.hinted;
    };
  }, []);

  return (
    <div className="pointer-events-none absolute inset-x-0 top-full z-40">
      <div className="mx-auto flex max-w-7xl justify-end px-4 sm:px-6 lg:px-8">
        <div
          ref={bubbleRef}
          role="status"
          data-testid="how-it-works-hint"
          className="animate-pop pointer-events-auto relative mt-2.5 w-72 max-w-full"
        >
          <span
            aria-hidden="true"
            data-testid="how-it-works-hint-arrow"
            style={arrowLeft === null ? undefined : { left: arrowLeft }}
            className="absolute -top-1.5 right-[3.625rem] size-3 rotate-45 bg-ocean-800 dark:bg-ocean-300"
          />
          {/* Under 300 px (200 % zoom on a phone) it is smaller, without its icon: it took most of the screen. */}
          <div className="flex items-start gap-2 rounded-2xl bg-ocean-800 p-3 pr-2 text-white shadow-lift max-[299px]:gap-1 max-[299px]:p-2 max-[299px]:pr-1 dark:bg-ocean-300 dark:text-slate-950">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 max-[299px]:hidden" />
            <button type="button" onClick={onOpen} className="flex-1 text-left text-sm font-semibold max-[299px]:text-xs">
              {frenchTypography(shellCopy.howItWorksHintNouveauIciDecouvrezComment)}
            </button>
            <button
              type="button"
              onClick={onDismiss}
              aria-label={shellCopy.howItWorksHintMasquerLAstuce}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15 dark:hover:bg-slate-950/10"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
