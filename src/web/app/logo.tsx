import { SITE } from '../../shared/site.js';

/** La Réunion's flag (Lò Mahavél: the volcano and its rays) as a small badge beside the name. */
export function FlagBadge({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 30 20" aria-hidden="true" className={className}>
      <rect width="30" height="20" rx="3" fill="#0b3d91" />
      <path d="M15 10 24.5 20h-19Z" fill="#ef3340" />
      <g stroke="#ffd100" strokeWidth="1.6" strokeLinecap="round">
        <path d="M15 10 15 2.5" />
        <path d="M15 10 9.5 4" />
        <path d="M15 10 20.5 4" />
        <path d="M15 10 5.5 7.5" />
        <path d="M15 10 24.5 7.5" />
      </g>
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <span className="inline-flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-ocean-500 to-ocean-800 shadow-sm ring-1 ring-ocean-900/10">
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7">
          <path d="M16 13 26 25H6Z" fill="#fff" />
          <path d="M13.2 16.4 16 13l2.8 3.4-1.4 1-1.4-1.2-1.4 1.2Z" fill="#fe6311" />
          <g stroke="#ffd100" strokeWidth="1.8" strokeLinecap="round">
            <path d="M16 10V6" />
            <path d="m12.6 10.6-2.4-2.6" />
            <path d="m19.4 10.6 2.4-2.6" />
          </g>
        </svg>
      </span>
      {/* Below 260 px (a phone at 200 % zoom) the name would push the header's buttons off screen; the
          logo button keeps its accessible name. */}
      <span className="flex items-center gap-1.5 max-[259px]:hidden">
        <span className="text-lg font-extrabold tracking-tight text-slate-900 dark:text-white">{SITE.name}</span>
        <FlagBadge className="h-3.5 w-5 rounded-[3px] shadow-sm" />
      </span>
    </span>
  );
}
