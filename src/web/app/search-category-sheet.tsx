import ChevronRight from 'lucide-react/icons/chevron-right';
import { CATEGORIES, type Category } from '../../shared/categories.js';
import { Sheet } from '../components/ui/sheet.js';
import * as sheetsCopy from '../copy/sheets.js';

export default function SearchCategorySheet({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (category: Category) => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title={sheetsCopy.searchCategorySheetRechercherParCategorie}>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {CATEGORIES.map((category) => (
          <li key={category.id}>
            <button
              type="button"
              onClick={() => onChoose(category)}
              // Narrower than 300 px (a phone at 200 % zoom) the name is a little smaller, the arrow is left out, and a
              // name too long for the room beside the icon goes under it rather than be cut into pieces.
              className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-slate-100 p-3 text-left font-semibold text-slate-800 transition-colors hover:border-ocean-200 hover:bg-ocean-50 max-[299px]:text-sm dark:border-slate-800 dark:text-slate-100 dark:hover:border-ocean-800 dark:hover:bg-ocean-950"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-xl ${category.color}`}
              >
                {category.icon}
              </span>
              <span className="min-w-0 flex-auto wrap-break-word min-[300px]:flex-1">{category.name}</span>
              <ChevronRight aria-hidden="true" className="hidden size-4 shrink-0 text-slate-400 min-[300px]:block" />
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
