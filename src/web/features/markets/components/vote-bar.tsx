/** The two-colour OUI/NON bar. */
export function VoteBar({ yes, className = 'h-2' }: { yes: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`flex w-full gap-0.5 overflow-hidden rounded-full ${className}`}>
      <div
        className="rounded-l-full bg-emerald-500 transition-[width] duration-500 ease-out dark:bg-emerald-400"
        style={{ width: `${yes}%` }}
      />
      <div className="flex-1 rounded-r-full bg-rose-500 dark:bg-rose-400" />
    </div>
  );
}
