/** app/offline-banner.tsx */
export const offlineBannerCopy = {
  vousEtesHorsConnexion: 'Vous êtes hors connexion.',
  lesResultatsAffichesPeuvent: 'Les résultats affichés peuvent ne plus être à jour.',
  lesResultatsAffichesDatent: (since: string | number) =>
    `Les résultats affichés datent du ${since} et peuvent ne plus être à jour.`,
} as const;

/** app/service-worker-updates.tsx */
export const serviceWorkerUpdatesCopy = {
  miseAJour: 'Mise à jour',
  uneNouvelleVersionDe: 'Une nouvelle version de Prédi974 est disponible.',
  mettreAJour: 'Mettre à jour',
  plusTard: 'Plus tard',
} as const;
