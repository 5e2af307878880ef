import ExternalLinkIcon from 'lucide-react/icons/external-link';
import { useEffect, useState } from 'react';
import { FOOTER_SCROLL_THRESHOLD_PX } from '../../shared/constants.js';
import { SITE } from '../../shared/site.js';
import { cn } from '../components/ui/cn.js';
import { COPYRIGHT, COPYRIGHT_SHORT, FOOTER_PAGES, OUTSIDE_LINKS, TRANSPARENCY_LINK } from './site-links.js';
import type { SubPage } from './sub-pages.js';
import * as shellCopy from '../copy/shell.js';

const linkClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md text-slate-600 transition-colors hover:text-ocean-800 dark:text-slate-300 dark:hover:text-ocean-300';

/** Medium screens and up: fixed at the bottom, slides in once the page is scrolled past 100 px. */
export function DesktopFooter({
  onOpenPage,
  onOpenTransparency,
}: {
  onOpenPage: (page: SubPage) => void;
  onOpenTransparency: () => void;
}) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > FOOTER_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <footer
      data-visible={visible}
      inert={!visible}
      className={cn(
        'fixed inset-x-0 bottom-0 z-20 hidden border-t border-slate-200/80 bg-white/90 backdrop-blur-md transition-transform duration-300 md:block dark:border-slate-800 dark:bg-slate-950/90',
        visible ? 'translate-y-0' : 'translate-y-full',
      )}
    >
      <div className="mx-auto flex min-h-12 max-w-7xl items-center justify-between gap-4 px-4 py-1.5 text-xs lg:gap-6 lg:px-8 lg:text-sm">
        <p className="whitespace-nowrap text-slate-600 dark:text-slate-400">
          {/* One text node for the short form, so the line reads (and is found) as one copyright. */}
          {COPYRIGHT_SHORT}
          <span className="hidden 2xl:inline">
            {COPYRIGHT.slice(COPYRIGHT_SHORT.length)} — {SITE.tagline}
          </span>
        </p>
        <ul className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 lg:gap-x-5">
          {FOOTER_PAGES.map((link) => (
            <li key={link.page}>
              <button type="button" className={linkClass} onClick={() => onOpenPage(link.page)}>
                {link.label}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className={linkClass} onClick={onOpenTransparency}>
              {TRANSPARENCY_LINK.footerLabel}
            </button>
          </li>
          {OUTSIDE_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                className={linkClass}
                {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {link.label}
                {link.external && <ExternalLinkIcon aria-hidden="true" className="size-3.5" />}
                {link.external && <span className="sr-only"> {shellCopy.desktopFooterNouvelOnglet}</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
