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
              className="flex w-full items-center gap-3 rounded-2xl border border-slate-100 p-3 text-left font-semibold text-slate-800 transition-colors hover:border-ocean-200 hover:bg-ocean-50 dark:border-slate-800 dark:text-slate-100 dark:hover:border-ocean-800 dark:hover:bg-ocean-950"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-10 items-center justify-center rounded-xl text-xl ${category.color}`}
              >
                {category.icon}
              </span>
              <span className="flex-1">{category.name}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
