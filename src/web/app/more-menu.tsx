import Accessibility from 'lucide-react/icons/accessibility';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Cookie from 'lucide-react/icons/cookie';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import FileText from 'lucide-react/icons/file-text';
import Mail from 'lucide-react/icons/mail';
import Newspaper from 'lucide-react/icons/newspaper';
import Scale from 'lucide-react/icons/scale';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ChartColumn from 'lucide-react/icons/chart-column';
import Layers from 'lucide-react/icons/layers';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import type { ComponentType, SVGProps } from 'react';
import { Sheet } from '../components/ui/sheet.js';
import { SITE } from '../../shared/site.js';
import { FlagBadge } from './logo.js';
import { COPYRIGHT, MENU_PAGES, OUTSIDE_LINKS, TRANSPARENCY_LINK } from './site-links.js';
import type { SubPage } from './sub-pages.js';
import * as sheetsCopy from '../copy/sheets.js';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const PAGE_ICONS: Record<SubPage, Icon> = {
  documentation: FileText,
  legal: Scale,
  cookies: Cookie,
  privacy: ShieldCheck,
  accessibility: Accessibility,
  trackRecord: Target,
  voteChain: Layers,
};

const OUTSIDE_ICONS: Icon[] = [Newspaper, Mail, Users];

// Narrower than 300 px (a phone at 200 % zoom) a row is its label alone, a little smaller: beside the icon and the
// arrow, « Documentation » would be cut in three.
const rowClass =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-[15px] font-semibold text-slate-800 transition-colors hover:bg-slate-100 max-[299px]:text-sm dark:text-slate-100 dark:hover:bg-slate-800';
const iconWrap =
  'hidden size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 min-[300px]:inline-flex dark:bg-slate-800 dark:text-slate-200';
const labelClass = 'min-w-0 flex-1 wrap-break-word';
const chevronClass = 'hidden size-4 shrink-0 text-slate-400 min-[300px]:block';

export default function MoreMenu({
  open,
  onClose,
  onOpenPage,
  onOpenTransparency,
}: {
  open: boolean;
  onClose: () => void;
  onOpenPage: (page: SubPage) => void;
  onOpenTransparency: () => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title={sheetsCopy.moreMenuPlus} placement="side">
      <nav aria-label={sheetsCopy.moreMenuPlus}>
        <ul className="flex flex-col gap-0.5">
          {MENU_PAGES.map((link) => {
            const Icon = PAGE_ICONS[link.page];
            return (
              <li key={link.page}>
                <button type="button" className={rowClass} onClick={() => onOpenPage(link.page)}>
                  <span className={iconWrap}>
                    <Icon aria-hidden="true" className="size-[18px]" />
                  </span>
                  <span className={labelClass}>{link.label}</span>
                  <ChevronRight aria-hidden="true" className={chevronClass} />
                </button>
              </li>
            );
          })}
          <li>
            <button type="button" className={rowClass} onClick={onOpenTransparency}>
              <span className={iconWrap}>
                <ChartColumn aria-hidden="true" className="size-[18px]" />
              </span>
              <span className={labelClass}>{TRANSPARENCY_LINK.menuLabel}</span>
              <ChevronRight aria-hidden="true" className={chevronClass} />
            </button>
          </li>
        </ul>
        <hr className="my-3 border-slate-100 dark:border-slate-800" />
        <ul className="flex flex-col gap-0.5">
          {OUTSIDE_LINKS.map((link, index) => {
            const Icon = OUTSIDE_ICONS[index] ?? ExternalLinkIcon;
            return (
              <li key={link.label}>
                <a
                  href={link.href}
                  className={rowClass}
                  {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <span className={iconWrap}>
                    <Icon aria-hidden="true" className="size-[18px]" />
                  </span>
                  <span className={labelClass}>
                    {link.label}
                    {link.external && <span className="sr-only"> {sheetsCopy.moreMenuNouvelOnglet}</span>}
                  </span>
                  {link.external && <ExternalLinkIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-8 rounded-2xl bg-gradient-to-br from-ocean-50 to-lava-50 p-4 text-sm dark:from-ocean-950 dark:to-slate-900">
        <p className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
          {SITE.name} <FlagBadge className="h-3.5 w-5 rounded-[3px]" />
        </p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{SITE.tagline}</p>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{COPYRIGHT}</p>
      </div>
    </Sheet>
  );
}
