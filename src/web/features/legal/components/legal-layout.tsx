import type { ReactNode } from 'react';
import { BackButton } from '../../../components/ui/back-button.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../components/ui/cn.js';
import { PageTitle, type PageIcon } from '../../../components/ui/page-title.js';

/** The frame of every static page: "Retour", a title with its icon, an intro, then sections. */
export function LegalLayout({
  title,
  icon: IconComponent,
  intro,
  onBack,
  children,
  footer,
  highlights,
}: {
  title: string;
  icon: PageIcon;
  intro?: ReactNode;
  /** Key promises shown as small tiles under the intro. */
  highlights?: readonly { icon: PageIcon; text: string }[];
  onBack: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    // A word longer than its line (an e-mail address) breaks rather than widen the page at 200 % zoom; the others stay
    // whole (`anywhere` would break them too, wherever a flex item could shrink). A storage key in `code` is no word: it
    // may break anywhere, so that the boxes listing them (cookie policy) never get wider than the page.
    <div className="mx-auto w-full max-w-3xl wrap-break-word [&_code]:[overflow-wrap:anywhere]">
      <BackButton onClick={onBack} />
      <header className="mt-3 mb-6">
        <PageTitle icon={IconComponent} title={title} />
        {intro && <div className="mt-3 text-sm leading-relaxed text-slate-600 sm:text-base dark:text-slate-300">{intro}</div>}
        {highlights && highlights.length > 0 && (
          <ul className="mt-4 grid gap-2 sm:grid-cols-3">
            {highlights.map(({ icon: HighlightIcon, text }) => (
              <li
                key={text}
                className="flex items-center gap-2.5 rounded-xl border border-ocean-200/70 bg-ocean-50/80 px-3 py-2.5 text-sm font-semibold text-ocean-900 dark:border-ocean-900/70 dark:bg-ocean-950/40 dark:text-ocean-100"
              >
                <HighlightIcon aria-hidden="true" className="size-4 shrink-0 text-ocean-700 dark:text-ocean-300" />
                <span className="min-w-0">{text}</span>
              </li>
            ))}
          </ul>
        )}
      </header>
      <div className="space-y-4">{children}</div>
      {footer && <div className="mt-6 text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </div>
  );
}

/** One titled block of a static page. */
export function LegalSection({
  title,
  icon: IconComponent,
  children,
  className,
  id,
}: {
  title: string;
  icon?: PageIcon;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    // Narrower than 300 px (a phone at 200 % zoom): less padding, a smaller heading without its icon, so that words fit.
    <Card className={cn('p-3 min-[300px]:p-5 sm:p-6', className)}>
      <section id={id} aria-labelledby={headingId}>
        <h2
          id={headingId}
          className="flex items-center gap-2 text-base font-bold text-slate-900 min-[300px]:text-lg dark:text-white"
        >
          {IconComponent && (
            <IconComponent
              aria-hidden="true"
              className="hidden size-5 shrink-0 text-ocean-700 min-[300px]:block dark:text-ocean-400"
            />
          )}
          <span className="min-w-0">{title}</span>
        </h2>
        <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-semibold [&_a]:text-ocean-800 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-ocean-300 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white">
          {children}
        </div>
      </section>
    </Card>
  );
}

/** A bulleted list with brand-coloured dots. */
export function BulletList({ items, testId }: { items: readonly ReactNode[]; testId?: string }) {
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-2.5">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-ocean-500" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function ContactLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
