/** app/how-it-works-sheet.tsx */
export const howItWorksSheetCopy = {
  uneEmpreinteAnonymeDe:
    'Une empreinte anonyme de votre appareil compte une voix par prédiction, que vous pouvez changer tant qu’elle est ouverte, sans compte ni données personnelles.',
  uneEmpreinteAnonymeDe2:
    'Une empreinte anonyme de votre appareil compte une seule voix par prédiction, qui ne peut plus être changée, sans compte ni données personnelles.',
  choisissezUnePredictionSur: 'Choisissez une prédiction sur l’actualité réunionnaise et donnez votre avis en un geste.',
  lesPourcentagesEvoluentEn: 'Les pourcentages évoluent en direct à chaque vote : voyez ce que pense toute l’île.',
  explorezLActualite: 'Explorez l’actualité',
  laPageActualitesOnglet:
    'La page Actualités (onglet Tendances sur téléphone) rassemble les infos qui font réagir et les alertes météo du moment.',
  desVotesProteges: 'Des votes protégés',
  commentCaMarche: 'Comment ça marche ?',
  quatreEtapesPourDonner: 'Quatre étapes pour donner votre avis sur l’avenir de La Réunion.',
  votezOuiOuNon: 'Votez OUI ou NON',
  suivezLesTendances: 'Suivez les tendances',
  jAiCompris: "J'ai compris !",
} as const;
