/** features/news/components/news-page.tsx */
export const newsPageActualites = 'Actualités';
export const newsPageCeQuiFaitParler = 'Ce qui fait parler La Réunion aujourd’hui.';
export const newsPageAucunArticleDeMoins = 'Aucun article de moins de 24\u00a0h\u00a0: voici les derniers parus.';
export const newsPageLesArticlesLesPlus = 'Les articles les plus lus';
export const newsPageChargementDesActualites = 'Chargement des actualités…';
export const newsPageErreur = 'Erreur: ';

/** features/news/components/news-side-column.tsx */
export const newsSideColumnSuivezNous = 'Suivez-nous';
export const newsSideColumnLesPredictionsDuJour = 'Les prédictions du jour et les résultats en direct, chaque jour sur ';
export const newsSideColumnSur = 'sur ';
export const newsSideColumnSOuvreDansUn = '(s’ouvre dans un nouvel onglet)';
export const newsSideColumnEnTendance = 'En tendance';
export const newsSideColumnAucunArticleDeMoins = 'Aucun article de moins de 24\u00a0h.';
export const newsSideColumnVues = 'vues';
export const newsSideColumnEnCours = 'En cours';
export const newsSideColumnEmiseLe = 'Émise le ';
export const newsSideColumnJusquAu = ', jusqu’au';
export const newsSideColumnAlertesMeteo = 'Alertes météo';
export const newsSideColumnAucuneAlerteEnCours = 'Aucune alerte en cours';
export const newsSideColumnSourceMeteoFranceLa = 'Source : Météo-France La Réunion, bulletin de la préfecture.';
export const newsSideColumnInformationsComplementaires = 'Informations complémentaires';

/** features/news/components/news-item-card.tsx */
export const newsItemCardVues = 'vues';
export const newsItemCardNumero = (rank: string | number) => `Numéro ${rank}`;
export const newsItemCardTendance = 'Tendance';
export const newsItemCardSOuvreDansUn = '(s’ouvre dans un nouvel onglet)';
export const newsItemCardMinDeLecture = 'min de lecture';

/** features/news/components/views-change.tsx */
export const viewsChangeVuesEnHausse = 'Vues en hausse :';
export const viewsChangeVuesEnBaisse = 'Vues en baisse :';
