/** features/news/components/alert-banner.tsx */
export const alertBannerAlertesMeteoEnCours = 'Alertes météo en cours';
export const alertBannerAlertesMeteo = 'Alertes météo';
export const alertBannerVoirLesAlertesEt = 'Voir les alertes et les actualités';

/** features/news/lib/news-format.ts */
export const newsFormatCategories = {
  weather: 'Météo',
  transport: 'Transport',
  health: 'Santé',
  politics: 'Politique',
  culture: 'Culture',
  economy: 'Économie',
} as const;
export const newsFormatAlertesIndisponiblesAucuneLecture = 'Alertes indisponibles\u00a0: aucune lecture sur cet appareil.';
export const newsFormatAlertesIndisponiblesDerniereLecture = (value: string | number) =>
  `Alertes indisponibles\u00a0: dernière lecture ${value}.`;
