/** app/service-worker-updates.tsx */
export const serviceWorkerUpdatesMiseAJour = 'Mise à jour';
export const serviceWorkerUpdatesUneNouvelleVersionDe = 'Une nouvelle version de Prédi974 est disponible.';
export const serviceWorkerUpdatesMettreAJour = 'Mettre à jour';
export const serviceWorkerUpdatesPlusTard = 'Plus tard';
