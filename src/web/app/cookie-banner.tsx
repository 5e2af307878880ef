import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../components/ui/button.js';
import { useDeviceValue } from '../lib/device-value.js';
import { createValueStore } from '../lib/value-store.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.js';
import * as shellCopy from '../copy/shell.js';

type Consent = 'accepted' | 'rejected';

function storedConsent(): Consent | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

/**
 * The bar's height while it shows, 0 otherwise. A store rather than the app's state: the bar appears on a first visit
 * just after hydration, and a state of the app set from its measure drew the whole app again in one task.
 */
const barHeight = createValueStore(0);

/** The block that ends the page while the bar shows: whatever lies under the bar (the last cards, a vote panel) can
 * always be scrolled clear of it. */
export function CookieBannerSpacer() {
  const height = barHeight.useValue();
  if (height === 0) return null;
  return <div aria-hidden="true" data-testid="cookie-banner-spacer" style={{ height: height + 12 }} className="shrink-0" />;
}

/**
 * A compact bar at the bottom (above the phone tab bar), never a panel over the page. It sits early in the DOM, so
 * the keyboard reaches it right after the skip link; its height goes to `CookieBannerSpacer` (0 once hidden) for the
 * block that ends the page while it shows. On a short screen (a phone sideways, any phone at 200 % zoom) a fixed
 * bar took 40 % of the height, over the page: there it is the page's first block instead, above the header, and
 * scrolls away with it.
 */
export function CookieBanner({
  onOpenPolicy,
  onChosenFromKeyboard,
}: {
  onOpenPolicy: () => void;
  /** The bar goes with the button that had the focus: called when a keyboard chose, to put the focus back in the page. */
  onChosenFromKeyboard: () => void;
}) {
  // 'unknown' on the server and in hydration: the server's page has no banner, and a device that already chose
  // never sees one appear.
  const stored = useDeviceValue<Consent | 'unknown' | null>(storedConsent, 'unknown');
  const [chosen, setConsent] = useState<Consent | null>(null);
  const consent = chosen ?? stored;
  const barRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) {
      barHeight.set(0);
      return;
    }
    // In the page's flow (a short screen), it covers nothing: no room to keep for it at the end of the page.
    // Measured when the observer reports (once at first, after the browser's own layout of the frame), not here:
    // reading the box now would lay out the whole page once more, just before the frame lays it out again.
    const measure = () =>
      barHeight.set(getComputedStyle(bar).position === 'fixed' ? Math.ceil(bar.getBoundingClientRect().height) : 0);
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [consent]);

  if (consent) return null;

  function choose(value: Consent, button: HTMLElement) {
    // A tap or a click leaves no visible focus (`:focus-visible` is false): only a keyboard's focus is carried on.
    const fromKeyboard = button.matches(':focus-visible');
    writeStorage(STORAGE_KEYS.cookieConsent, value);
    setConsent(value);
    if (fromKeyboard) onChosenFromKeyboard();
  }

  return (
    <section
      ref={barRef}
      aria-label={shellCopy.cookieBannerConsentementAuxCookies}
      className="animate-slide-up fixed inset-x-2 short:static short:mt-2 short:w-[calc(100%-1rem)] short:animate-none short:shadow-none bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-2xl flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white/95 px-3.5 py-2.5 shadow-lift backdrop-blur-md md:bottom-3 md:transition-[bottom] md:duration-300 md:[body:has(footer[data-visible=true])_&]:bottom-[4.25rem] dark:border-slate-700 dark:bg-slate-900/95"
    >
      <p className="min-w-0 flex-1 basis-[min(12rem,100%)] text-sm text-slate-700 dark:text-slate-200">
        <strong className="font-bold text-slate-900 dark:text-white">{shellCopy.cookieBannerNousUtilisonsDesCookies}</strong>{' '}
        <span className="hidden sm:inline">{shellCopy.cookieBannerPourVosPreferencesEt}</span>{' '}
        <button
          type="button"
          onClick={onOpenPolicy}
          className="font-semibold whitespace-nowrap text-ocean-800 underline underline-offset-2 hover:text-ocean-900 dark:text-ocean-300 dark:hover:text-ocean-200"
        >
          {shellCopy.cookieBannerEnSavoirPlus}
        </button>
      </p>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={(event) => choose('rejected', event.currentTarget)}>
          {shellCopy.cookieBannerRefuser}
        </Button>
        <Button variant="primary" size="sm" onClick={(event) => choose('accepted', event.currentTarget)}>
          {shellCopy.cookieBannerAccepter}
        </Button>
      </div>
    </section>
  );
}
