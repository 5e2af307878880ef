import Ellipsis from 'lucide-react/icons/ellipsis';
import House from 'lucide-react/icons/house';
import Search from 'lucide-react/icons/search';
import TrendingUp from 'lucide-react/icons/trending-up';
import type { ComponentType, SVGProps } from 'react';
import { cn } from '../components/ui/cn.js';
import * as shellCopy from '../copy/shell.js';

export type BottomTab = 'home' | 'search' | 'trending' | 'more';

const ITEMS: { id: BottomTab; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { id: 'home', label: shellCopy.bottomTabBarAccueil, Icon: House },
  { id: 'search', label: shellCopy.bottomTabBarRecherche, Icon: Search },
  { id: 'trending', label: shellCopy.bottomTabBarTendances, Icon: TrendingUp },
  { id: 'more', label: shellCopy.bottomTabBarPlus, Icon: Ellipsis },
];

/** Phones only: the four thumb-reachable destinations; lower and smaller on short screens. */
export function BottomTabBar({ active, onSelect }: { active: BottomTab | null; onSelect: (tab: BottomTab) => void }) {
  return (
    <nav
      aria-label={shellCopy.bottomTabBarNavigationPrincipale}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200/80 bg-white/90 pb-safe backdrop-blur-md md:hidden dark:border-slate-800 dark:bg-slate-950/90"
    >
      <ul className="grid grid-cols-4">
        {ITEMS.map(({ id, label, Icon }) => {
          const isActive = active === id;
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => onSelect(id)}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-semibold transition-colors short:h-11 short:gap-0 short:text-[11px]',
                  isActive
                    ? 'text-ocean-700 dark:text-ocean-300'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                <span
                  className={cn(
                    'inline-flex h-7 w-12 items-center justify-center rounded-full transition-colors short:h-5 short:w-10',
                    isActive && 'bg-ocean-100 dark:bg-ocean-950',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {/* Four labels do not fit side by side under 260 px (a phone at 200 % zoom): the icons carry the names. */}
                <span className="max-[259px]:sr-only">{label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
