/** features/news/components/views-change.tsx */
export const viewsChangeCopy = {
  vuesEnHausse: 'Vues en hausse :',
  vuesEnBaisse: 'Vues en baisse :',
} as const;

/** features/news/components/news-side-column.tsx */
export const newsSideColumnCopy = {
  suivezNous: 'Suivez-nous',
  lesPredictionsDuJour: 'Les prédictions du jour et les résultats en direct, chaque jour sur ',
  sur: 'sur ',
  sOuvreDansUn: '(s’ouvre dans un nouvel onglet)',
  enTendance: 'En tendance',
  aucunArticleDeMoins: 'Aucun article de moins de 24\u00a0h.',
  vues: 'vues',
  enCours: 'En cours',
  emiseLe: 'Émise le ',
  jusquAu: ', jusqu’au',
  alertesMeteo: 'Alertes météo',
  aucuneAlerteEnCours: 'Aucune alerte en cours',
  sourceMeteoFranceLa: 'Source : Météo-France La Réunion, bulletin de la préfecture.',
  informationsComplementaires: 'Informations complémentaires',
} as const;

/** features/news/components/news-item-card.tsx */
export const newsItemCardCopy = {
  vues: 'vues',
  numero: (rank: string | number) => `Numéro ${rank}`,
  tendance: 'Tendance',
  sOuvreDansUn: '(s’ouvre dans un nouvel onglet)',
  minDeLecture: 'min de lecture',
} as const;

/** features/news/components/news-page.tsx */
export const newsPageCopy = {
  actualites: 'Actualités',
  ceQuiFaitParler: 'Ce qui fait parler La Réunion aujourd’hui.',
  aucunArticleDeMoins: 'Aucun article de moins de 24\u00a0h\u00a0: voici les derniers parus.',
  lesArticlesLesPlus: 'Les articles les plus lus',
  chargementDesActualites: 'Chargement des actualités…',
  erreur: 'Erreur: ',
} as const;

/** features/news/components/alert-banner.tsx */
export const alertBannerCopy = {
  alertesMeteoEnCours: 'Alertes météo en cours',
  alertesMeteo: 'Alertes météo',
  voirLesAlertesEt: 'Voir les alertes et les actualités',
} as const;

/** features/news/lib/news-format.ts */
export const newsFormatCopy = {
  categories: {
    weather: 'Météo',
    transport: 'Transport',
    health: 'Santé',
    politics: 'Politique',
    culture: 'Culture',
    economy: 'Économie',
  },
  alertesIndisponiblesAucuneLecture: 'Alertes indisponibles\u00a0: aucune lecture sur cet appareil.',
  alertesIndisponiblesDerniereLecture: (value: string | number) => `Alertes indisponibles\u00a0: dernière lecture ${value}.`,
} as const;
