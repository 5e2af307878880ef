/** components/ui/back-button.tsx */
export const backButtonRetour = 'Retour';

/** components/ui/share-button.tsx */
export const shareButtonLienCopie = 'Lien copié';
export const shareButtonPartager = 'Partager';

/** components/ui/share-chart.tsx */
export const shareChartMaintenant = 'Maintenant';

/** components/ui/sheet.tsx */
export const sheetFermer = 'Fermer';
