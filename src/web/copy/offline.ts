/** app/offline-banner.tsx */
export const offlineBannerVousEtesHorsConnexion = 'Vous êtes hors connexion.';
export const offlineBannerLesResultatsAffichesPeuvent = 'Les résultats affichés peuvent ne plus être à jour.';
export const offlineBannerLesResultatsAffichesDatent = (since: string | number) =>
  `Les résultats affichés datent du ${since} et peuvent ne plus être à jour.`;
