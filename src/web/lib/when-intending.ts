/**
 * Runs `start` once, at the first sign that the visitor means to act rather than read: a touch or click on
 * something that does something (a link, a button, a field), a key other than those that scroll, or a vote
 * button taking the focus (a screen reader moving onto it). Scrolling, a touch on plain text and time passing do
 * not count: a visitor who only reads never pays for what only voting needs. Returns a cancel function.
 */

/** Elements a touch on which is an action, not reading. */
const ACTIONABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="option"]';

/** Keys that only move the page: reading with the keyboard. */
const SCROLL_KEYS = new Set([' ', 'ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'PageDown', 'PageUp', 'Home', 'End']);

/** Marks the OUI/NON buttons: their focus alone is intent. */
const VOTE_INTENT_ATTRIBUTE = 'data-vote-intent';

function isActionable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(ACTIONABLE) !== null;
}

function isVoteButton(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${VOTE_INTENT_ATTRIBUTE}]`) !== null;
}

export function whenIntending(start: () => void): () => void {
  let done = false;
  const listeners: [string, (event: Event) => void][] = [
    ['pointerdown', (event) => isActionable(event.target) && run()],
    ['touchstart', (event) => isActionable(event.target) && run()],
    ['keydown', (event) => !SCROLL_KEYS.has((event as KeyboardEvent).key) && run()],
    ['focusin', (event) => isVoteButton(event.target) && run()],
  ];
  function run() {
    if (done) return;
    done = true;
    cancel();
    start();
  }
  function cancel() {
    for (const [name, listener] of listeners) window.removeEventListener(name, listener, { capture: true });
  }
  for (const [name, listener] of listeners) window.addEventListener(name, listener, { passive: true, capture: true });
  return () => {
    done = true;
    cancel();
  };
}
