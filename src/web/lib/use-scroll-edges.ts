import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** More content hidden on the left / on the right. */
  left: boolean;
  right: boolean;
}

/**
 * Tracks whether a horizontally scrolling row hides content on either side, so the row can show a fade
 * and arrow buttons exactly where there is more to see. Re-measured on scroll and on resize.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });

  const measure = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const left = row.scrollLeft > 1;
    const right = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setEdges((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
  }, []);

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    // Content width changes too (fonts arriving), not only the row's own box.
    for (const child of Array.from(row.children)) observer.observe(child);
    return () => {
      row.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  return { ref, edges };
}

/** A mask that fades the row out on the sides that hide more content. */
export function edgeFadeMask({ left, right }: ScrollEdges, width = '2.5rem'): string | undefined {
  if (!left && !right) return undefined;
  const start = left ? `transparent, black ${width}` : 'black, black';
  const end = right ? `black calc(100% - ${width}), transparent` : 'black, black';
  return `linear-gradient(to right, ${start}, ${end})`;
}
