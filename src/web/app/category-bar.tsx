import Landmark from 'lucide-react/icons/landmark';
import { CATEGORIES } from '../../shared/categories.js';
import { cn } from '../components/ui/cn.js';

const ALL = 'all';

export interface CategoryBarProps {
  /** `all`, a category id, or null when another tab (municipal) is shown. */
  selected: string | null;
  municipalActive: boolean;
  onSelect: (categoryId: string) => void;
  onSelectMunicipal?: () => void;
}

const pill =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 xl:px-2.5 text-sm font-semibold whitespace-nowrap transition-colors';
const idle =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const active = 'bg-slate-900 text-white shadow-sm dark:bg-white dark:text-slate-900';

/** "Toutes catégories", the colourful "Municipales" tab, then the eight categories. */
export function CategoryBar({ selected, municipalActive, onSelect, onSelectMunicipal }: CategoryBarProps) {
  return (
    <nav aria-label="Catégories" className="mx-auto max-w-7xl">
      <ul className="scrollbar-none flex items-center gap-1 overflow-x-auto px-4 pb-2.5 xl:gap-0.5 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] sm:px-6 lg:px-8 xl:[mask-image:none]">
        <li>
          <button
            type="button"
            aria-current={!municipalActive && selected === ALL ? 'page' : undefined}
            onClick={() => onSelect(ALL)}
            className={cn(pill, !municipalActive && selected === ALL ? active : idle)}
          >
            Toutes catégories
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
              Municipales
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
                <span aria-hidden="true">{category.icon}</span>
                {category.name}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
