import type { ComponentType, SVGProps } from 'react';

export type PageIcon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The title row of a page reached from the menu or the footer: its icon in a tile, then the heading. Narrower than
 * 280 px (200 % zoom on a phone) the tile is left out, and narrower than 300 px the heading is smaller: it keeps the
 * width and its words whole (« Documentation », « confidentialité »). Words are never hyphenated: a title reads whole.
 */
export function PageTitle({ icon: IconComponent, title }: { icon: PageIcon; title: string }) {
  return (
    <div className="flex items-center gap-3.5">
      <span
        aria-hidden="true"
        className="hidden size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-ocean-600 min-[280px]:grid to-ocean-800 text-white shadow-soft dark:from-ocean-500 dark:to-ocean-700"
      >
        <IconComponent className="size-6" />
      </span>
      <h1 className="min-w-0 text-lg font-bold tracking-tight wrap-break-word hyphens-manual text-slate-900 min-[300px]:text-2xl sm:text-3xl dark:text-white">
        {title}
      </h1>
    </div>
  );
}
