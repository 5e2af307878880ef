/** The news page's sample items: static content, dated relative to the moment the page loads. */
export type NewsCategory = 'weather' | 'transport' | 'health' | 'politics' | 'culture' | 'economy';

export interface NewsItem {
  id: string;
  title: string;
  summary: string;
  category: NewsCategory;
  /** ISO 8601 */
  publishedAt: string;
  author: string;
  /** Minutes. */
  readTime: number;
  views: number;
  /** Percent change in views. */
  viewsChange: number;
  /** An emoji standing for the picture. */
  image: string;
  trending?: boolean;
  pressUrl: string;
}

type NewsItemSeed = Omit<NewsItem, 'publishedAt'> & { minutesAgo: number };

const MINUTE_MS = 60_000;

const SEEDS: readonly NewsItemSeed[] = [
  {
    id: 'cyclone-vigilance-rouge',
    title: 'Cyclone tropical intense : l’Est et le Sud passent en vigilance rouge',
    summary:
      'Météo-France prévoit des rafales à plus de 150 km/h sur Saint-Benoît et Saint-Philippe dès cette nuit. La préfecture demande de rester à l’abri ; écoles et crèches sont fermées.',
    category: 'weather',
    minutesAgo: 25,
    author: 'Rédaction Réunion La 1ère',
    readTime: 4,
    views: 48_250,
    viewsChange: 156,
    image: '🌀',
    trending: true,
    pressUrl: 'https://la1ere.francetvinfo.fr/reunion/',
  },
  {
    id: 'nrl-derniere-section',
    title: 'Nouvelle route du Littoral : la Région relance la dernière section vers La Possession',
    summary:
      'Entre la Grande Chaloupe et La Possession, la solution retenue pour achever la NRL sera présentée en séance plénière. Les travaux pourraient reprendre avant la fin de l’année.',
    category: 'transport',
    minutesAgo: 3 * 60,
    author: 'Julie Payet',
    readTime: 6,
    views: 21_430,
    viewsChange: 42,
    image: '🛣️',
    trending: true,
    pressUrl: 'https://www.zinfos974.com',
  },
  {
    id: 'chu-urgences-renfort',
    title: 'CHU : les urgences de Bellepierre renforcent leurs équipes face à l’afflux de patients',
    summary:
      'Avec la hausse des cas de dengue et de bronchiolite, le CHU de La Réunion ouvre des lits supplémentaires à Saint-Denis et rappelle de composer le 15 avant de se déplacer.',
    category: 'health',
    minutesAgo: 7 * 60 + 20,
    author: 'Thomas Hoarau',
    readTime: 3,
    views: 15_870,
    viewsChange: 18,
    image: '🏥',
    trending: true,
    pressUrl: 'https://imazpress.com',
  },
  {
    id: 'municipales-listes',
    title: 'Municipales 2026 : les listes se dessinent à Saint-Denis et à Saint-Paul',
    summary:
      'À quelques mois du scrutin, alliances et candidatures se précisent dans les deux plus grandes communes de l’île. Tour d’horizon des équipes déjà déclarées.',
    category: 'politics',
    minutesAgo: 26 * 60,
    author: 'Marie Grondin',
    readTime: 5,
    views: 12_940,
    viewsChange: -8,
    image: '🗳️',
    pressUrl: 'https://www.linfo.re',
  },
  {
    id: 'sakifo-programmation',
    title: 'Sakifo Musik Festival : la programmation dévoilée, le front de mer de Saint-Pierre prêt à vibrer',
    summary:
      'Maloya, électro et têtes d’affiche internationales : le festival annonce trois jours de concerts. Le Leu Tempo Festival, lui, prépare son retour à Saint-Leu.',
    category: 'culture',
    minutesAgo: 2 * 24 * 60 + 90,
    author: 'Kévin Técher',
    readTime: 4,
    views: 9_310,
    viewsChange: 27,
    image: '🎶',
    pressUrl: 'https://www.ipreunion.com',
  },
  {
    id: 'prix-carburants',
    title: 'Prix des carburants : légère baisse à la pompe ce mois-ci',
    summary:
      'Le préfet a fixé les nouveaux prix maximums : le litre de sans-plomb et de gazole recule de quelques centimes. Le prix de la bouteille de gaz reste inchangé.',
    category: 'economy',
    minutesAgo: 4 * 24 * 60 + 200,
    author: 'Nathalie Boyer',
    readTime: 2,
    views: 7_680,
    viewsChange: -12,
    image: '⛽',
    pressUrl: 'https://www.clicanoo.re',
  },
];

/** The six news items, their publication times set back from `now` so their ages look fresh. */
export function buildNewsItems(now: Date): NewsItem[] {
  return SEEDS.map(({ minutesAgo, ...item }) => ({
    ...item,
    publishedAt: new Date(now.getTime() - minutesAgo * MINUTE_MS).toISOString(),
  }));
}

/** The weather alerts of the side column (static). */
export interface WeatherAlert {
  id: string;
  level: 'red' | 'orange';
  title: string;
  area: string;
  detail: string;
}

export const WEATHER_ALERTS: readonly WeatherAlert[] = [
  {
    id: 'cyclone-est-sud',
    level: 'red',
    title: 'Vigilance rouge cyclone — Est et Sud',
    area: 'Saint-Benoît, Sainte-Rose, Saint-Philippe, Saint-Joseph, Saint-Pierre…',
    detail: 'Confinement : restez chez vous et suivez les consignes de la préfecture.',
  },
  {
    id: 'pluies-reste-ile',
    level: 'orange',
    title: 'Vigilance orange fortes pluies et inondations — reste de l’île',
    area: 'Nord, Ouest et Hauts de l’île',
    detail: 'Ne franchissez pas les radiers submergés et évitez les ravines.',
  },
];
