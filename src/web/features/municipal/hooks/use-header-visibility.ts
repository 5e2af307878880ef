import { useEffect, useState } from 'react';
import { nextHeaderVisibility } from '../lib/header-visibility.js';

/** Follows the window's scroll position (one passive listener, read once per frame). */
export function useHeaderVisibility(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const previousY = lastY;
        const y = window.scrollY;
        lastY = y;
        // The updater may run later, during render: it must not read the mutable lastY.
        setVisible((current) => nextHeaderVisibility(previousY, y, current));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return visible;
}
