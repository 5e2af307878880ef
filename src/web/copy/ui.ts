/** components/ui/back-button.tsx */
export const backButtonCopy = {
  retour: 'Retour',
} as const;

/** components/ui/share-button.tsx */
export const shareButtonCopy = {
  lienCopie: 'Lien copié',
  partager: 'Partager',
} as const;

/** components/ui/share-chart.tsx */
export const shareChartCopy = {
  maintenant: 'Maintenant',
} as const;

/** components/ui/sheet.tsx */
export const sheetCopy = {
  fermer: 'Fermer',
} as const;
