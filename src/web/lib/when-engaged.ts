const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * Runs `start` once, at the visitor's first touch, key or scroll, or after `fallbackMs` when the browser is idle:
 * work the first screen does not need (the identity's proof of work, the detail's code) then never competes with
 * the page's own load, yet is ready before a first vote. Returns a cancel function.
 */
export function whenEngaged(start: () => void, fallbackMs: number): () => void {
  let done = false;
  let idle: number | null = null;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2_000 });
    else run();
  }, fallbackMs);
  for (const name of ENGAGEMENT_EVENTS) window.addEventListener(name, run, { passive: true, capture: true });
  function cancel() {
    window.clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
    for (const name of ENGAGEMENT_EVENTS) window.removeEventListener(name, run, { capture: true });
  }
  return () => {
    done = true;
    cancel();
  };
}
