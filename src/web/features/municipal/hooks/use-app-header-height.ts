import { useEffect, useState } from 'react';

const FALLBACK_PX = 64;

/**
 * Height of the shell's sticky header (it grows when the category bar shows), so the page's own
 * header can stick right under it. Read from the DOM because the shell owns that element.
 */
export function useAppHeaderHeight(): number {
  const [height, setHeight] = useState(FALLBACK_PX);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body header');
    if (!header) return;
    const measure = () => setHeight(Math.round(header.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
