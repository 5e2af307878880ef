import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Landmark from 'lucide-react/icons/landmark';
import { CATEGORIES } from '../../shared/categories.js';
import { cn } from '../components/ui/cn.js';
import { prefersReducedMotion } from '../lib/use-media-query.js';
import { edgeFadeMask, useScrollEdges } from '../lib/use-scroll-edges.js';
import * as shellCopy from '../copy/shell.js';

const ALL = 'all';

export interface CategoryBarProps {
  /** `all`, a category id, or null when another tab (municipal) is shown. */
  selected: string | null;
  municipalActive: boolean;
  onSelect: (categoryId: string) => void;
  onSelectMunicipal?: () => void;
}

// Tighter from xl so that all ten tabs fit in one row at 1440 px; below that the row scrolls.
const pill =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors xl:gap-1 xl:px-2';
const idle =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const active = 'bg-slate-900 text-white shadow-sm dark:bg-white dark:text-slate-900';
const arrow =
  'absolute top-[calc(50%-0.3125rem)] z-10 hidden size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-soft hover:text-slate-900 md:inline-flex dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-white';

/**
 * "Toutes catégories", the colourful "Municipales" tab, then the eight categories. When they do not all
 * fit, the row scrolls: a fade marks each side that hides tabs, and on pointer screens arrow buttons
 * scroll it, so no category is ever cut off without a sign that there is more.
 */
export function CategoryBar({ selected, municipalActive, onSelect, onSelectMunicipal }: CategoryBarProps) {
  const { ref, edges } = useScrollEdges<HTMLUListElement>();

  function scrollRow(direction: 1 | -1) {
    const row = ref.current;
    if (!row) return;
    row.scrollBy({ left: direction * row.clientWidth * 0.6, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }

  return (
    <nav aria-label={shellCopy.categoryBarCategories} data-category-bar className="relative mx-auto max-w-7xl">
      {edges.left && (
        <button
          type="button"
          onClick={() => scrollRow(-1)}
          aria-label={shellCopy.categoryBarFaireDefilerLesCategories}
          className={cn(arrow, 'left-2 lg:left-4')}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
      )}
      <ul
        ref={ref}
        data-testid="category-row"
        style={{ maskImage: edgeFadeMask(edges) }}
        className="scrollbar-none flex items-center gap-1 overflow-x-auto scroll-smooth px-4 pb-2.5 sm:px-6 lg:px-8 xl:gap-0"
      >
        <li>
          <button
            type="button"
            aria-current={!municipalActive && selected === ALL ? 'page' : undefined}
            onClick={() => onSelect(ALL)}
            className={cn(pill, !municipalActive && selected === ALL ? active : idle)}
          >
            {shellCopy.categoryBarToutesCategories}
          </button>
        </li>
        {onSelectMunicipal && (
          <li>
            <button
              type="button"
              aria-current={municipalActive ? 'page' : undefined}
              onClick={onSelectMunicipal}
              className={cn(
                pill,
                'bg-gradient-to-r from-lava-600 via-rose-600 to-fuchsia-700 text-white shadow-sm hover:brightness-110',
                municipalActive && 'ring-2 ring-lava-300 ring-offset-2 ring-offset-white dark:ring-offset-slate-950',
              )}
            >
              <Landmark aria-hidden="true" className="size-4" />
              {shellCopy.categoryBarMunicipales}
            </button>
          </li>
        )}
        {CATEGORIES.map((category) => {
          const isActive = !municipalActive && selected === category.id;
          return (
            <li key={category.id}>
              <button
                type="button"
                aria-current={isActive ? 'page' : undefined}
                onClick={() => onSelect(category.id)}
                className={cn(pill, isActive ? active : idle)}
              >
                {/* The emoji only decorates: the name alone is the label, even without an emoji font. */}
                <span aria-hidden="true">{category.icon}</span>
                {category.name}
              </button>
            </li>
          );
        })}
      </ul>
      {edges.right && (
        <button
          type="button"
          onClick={() => scrollRow(1)}
          aria-label={shellCopy.categoryBarFaireDefilerLesCategories2}
          className={cn(arrow, 'right-2 lg:right-4')}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      )}
    </nav>
  );
}
