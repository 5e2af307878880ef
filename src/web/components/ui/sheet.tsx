import X from 'lucide-react/icons/x';
import { useEffectEvent, useLayoutEffect, useId, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn.js';
import * as uiCopy from '../../copy/ui.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** Accessible title, also shown as the heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /** `bottom`: bottom sheet on phones, centred dialog from `md`; `side`: drawer from the right. */
  placement?: 'bottom' | 'side';
  /** Closes when the sheet is dragged down by at least this many pixels (touch only). */
  swipeCloseDistance?: number;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * Modal sheet: focus moves inside on open, Tab cycles within it, Escape and the backdrop close it,
 * and focus returns to whatever opened it. The page behind stops scrolling while it is open.
 */
export function Sheet({
  open,
  onClose,
  title,
  hideTitle = false,
  placement = 'bottom',
  swipeCloseDistance,
  children,
  footer,
  className,
}: SheetProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeFromKeyboard = useEffectEvent(() => onClose());
  const dragStart = useRef<number | null>(null);
  const dragOffset = useRef(0);
  // A body taller than the sheet scrolls: it then takes a tab stop, so the keyboard can scroll it too.
  const bodyRef = useRef<HTMLDivElement>(null);
  const [bodyScrolls, setBodyScrolls] = useState(false);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    // Measured when the observer first reports (after the browser's own layout of the frame), not here: reading the
    // sizes now would lay out the whole page once more, just before the frame lays it out again.
    const measure = () => setBodyScrolls(body.scrollHeight > body.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    return () => observer.disconnect();
  }, [open]);

  // A layout effect: focus, the key handler and the scroll lock are in place before the sheet is first painted,
  // so an Escape pressed as soon as it shows is never missed.
  useLayoutEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    // Without scrolling: the control focused sits in the title row (✕) or the footer ([data-autofocus], « J’ai
    // compris ! »), outside the part that scrolls and always in view, and the scroll would have the browser lay out
    // the whole page here, before the frame does it anyway (some 30 ms on a slow phone).
    (first ?? panel)?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeFromKeyboard();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === firstItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      // Once the commit that closes the sheet is over, not during it: the same commit may reorder a live list (the
      // communes, sorted by votes), and a node React moves after this cleanup loses the focus it was just given. What
      // took the focus meanwhile on purpose (the screen the close led to) keeps it.
      queueMicrotask(() => {
        const active = document.activeElement;
        const focusWentNowhere = active === null || active === document.body || !active.isConnected;
        if (focusWentNowhere && previouslyFocused?.isConnected) previouslyFocused.focus();
      });
    };
  }, [open]);

  if (!open) return null;

  function onTouchStart(event: TouchEvent<HTMLDivElement>) {
    if (swipeCloseDistance === undefined) return;
    const scroller = panelRef.current?.querySelector('[data-sheet-body]');
    // A downward drag that starts while the content is scrolled is a scroll, not a dismissal.
    if (scroller && scroller.scrollTop > 0) return;
    dragStart.current = event.touches[0]?.clientY ?? null;
    dragOffset.current = 0;
  }
  function onTouchMove(event: TouchEvent<HTMLDivElement>) {
    if (dragStart.current === null || !panelRef.current) return;
    const y = event.touches[0]?.clientY ?? dragStart.current;
    dragOffset.current = Math.max(0, y - dragStart.current);
    panelRef.current.style.transform = `translateY(${dragOffset.current}px)`;
  }
  function onTouchEnd() {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (panelRef.current) panelRef.current.style.transform = '';
    if (swipeCloseDistance !== undefined && dragOffset.current >= swipeCloseDistance) onClose();
  }

  const side = placement === 'side';
  return createPortal(
    <div className={cn('fixed inset-0 z-50 flex', side ? 'justify-end' : 'items-end justify-center md:items-center md:p-6')}>
      <div
        aria-hidden="true"
        className="animate-fade-in absolute inset-0 bg-slate-950/50 backdrop-blur-[2px]"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        className={cn(
          'relative flex max-h-[92dvh] w-full flex-col bg-white text-slate-900 shadow-lift outline-none dark:bg-slate-900 dark:text-slate-100',
          side
            ? 'animate-slide-in-right h-dvh max-h-dvh max-w-sm border-l border-slate-200 dark:border-slate-800'
            : 'animate-slide-up rounded-t-3xl md:max-w-lg md:rounded-3xl',
          className,
        )}
      >
        {!side && (
          <div
            aria-hidden="true"
            className="mx-auto mt-2.5 h-1.5 w-10 shrink-0 rounded-full bg-slate-300 short:mt-1.5 md:hidden dark:bg-slate-700"
          />
        )}
        {/* A short screen (a phone sideways, 200 % zoom) keeps the title row and the footer tight: what lies between
            them, the only part that scrolls, gets the height. */}
        <div className="flex items-center justify-between gap-3 px-5 pt-4 pb-2 short:pt-2.5 short:pb-1 max-[299px]:px-3">
          <h2 id={titleId} className={cn('text-lg font-bold tracking-tight max-[299px]:text-base', hideTitle && 'sr-only')}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={uiCopy.sheetFermer}
            className="-mr-2 ml-auto inline-flex size-10 shrink-0 items-center justify-center max-[299px]:mr-0 rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div
          ref={bodyRef}
          data-sheet-body
          tabIndex={bodyScrolls ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5 outline-none max-[299px]:px-3 focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:ring-inset"
        >
          {children}
        </div>
        {footer && (
          <div className="border-t border-slate-100 px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] short:pt-2 short:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-[299px]:px-3 dark:border-slate-800">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
