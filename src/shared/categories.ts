/** The eight prediction categories of the product, in display order. */
export const CATEGORY_IDS = [
  'politique',
  'economie',
  'social',
  'cyclones',
  'culture',
  'transport',
  'sante',
  'environnement',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  name: string;
  icon: string;
  /** Tailwind classes for the badge background and text, light and dark. */
  color: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'politique',
    name: 'Politique',
    icon: '🏛️',
    color: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  },
  {
    id: 'economie',
    name: 'Économie',
    icon: '💶',
    color: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  { id: 'social', name: 'Social', icon: '🤝', color: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  { id: 'cyclones', name: 'Cyclones/Météo', icon: '🌀', color: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200' },
  {
    id: 'culture',
    name: 'Culture',
    icon: '🎭',
    color: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-950 dark:text-fuchsia-200',
  },
  {
    id: 'transport',
    name: 'Transport',
    icon: '🚌',
    color: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  },
  { id: 'sante', name: 'Santé', icon: '🏥', color: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200' },
  {
    id: 'environnement',
    name: 'Environnement',
    icon: '🌿',
    color: 'bg-lime-100 text-lime-900 dark:bg-lime-950 dark:text-lime-200',
  },
];

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

export function findCategory(id: string): Category | undefined {
  return CATEGORIES.find((category) => category.id === id);
}

/** The fifteen suggested search chips, in display order. */
export const SEARCH_CHIPS: readonly string[] = [
  'Huguette Bello',
  'Cyclone 2025',
  'Route Littoral',
  'Saint-Denis',
  'Tourisme',
  'CHU',
  'Festival Leu Tempo',
  'Transport scolaire',
  'Prix carburant',
  'Emploi',
  'Sécurité routière',
  'Énergie',
  'Agriculture',
  'Logement',
  'Inflation',
];
