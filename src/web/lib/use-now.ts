import { useEffect, useState } from 'react';

/**
 * The time the server rendered the page at (embedded in it): the first render in the browser uses it, so the
 * hydrated cards read exactly as the server wrote them ("{n}j restants"); each hook then moves to the device's clock.
 */
let renderClock: Date | null = null;

export function setRenderClock(time: Date): void {
  renderClock = time;
}

/** The current time, refreshed every minute so "{n}j restants" and open/ended states roll over on their own. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => renderClock ?? new Date());
  useEffect(() => {
    // Started at the server's time: catch up with the device's clock once on screen.
    const catchUp = window.setTimeout(() => setNow((current) => (current === renderClock ? new Date() : current)), 0);
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => {
      window.clearTimeout(catchUp);
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
