/** app/how-it-works-sheet.tsx */
export const howItWorksSheetUneEmpreinteAnonymeDe =
  'Une empreinte anonyme de votre appareil compte une voix par prédiction, que vous pouvez changer tant qu’elle est ouverte, sans compte ni données personnelles.';
export const howItWorksSheetUneEmpreinteAnonymeDe2 =
  'Une empreinte anonyme de votre appareil compte une seule voix par prédiction, qui ne peut plus être changée, sans compte ni données personnelles.';
export const howItWorksSheetChoisissezUnePredictionSur =
  'Choisissez une prédiction sur l’actualité réunionnaise et donnez votre avis en un geste.';
export const howItWorksSheetLesPourcentagesEvoluentEn =
  'Les pourcentages évoluent en direct à chaque vote : voyez ce que pense toute l’île.';
export const howItWorksSheetExplorezLActualite = 'Explorez l’actualité';
export const howItWorksSheetLaPageActualitesOnglet =
  'La page Actualités (onglet Tendances sur téléphone) rassemble les infos qui font réagir et les alertes météo du moment.';
export const howItWorksSheetDesVotesProteges = 'Des votes protégés';
export const howItWorksSheetCommentCaMarche = 'Comment ça marche ?';
export const howItWorksSheetQuatreEtapesPourDonner = 'Quatre étapes pour donner votre avis sur l’avenir de La Réunion.';
export const howItWorksSheetVotezOuiOuNon = 'Votez OUI ou NON';
export const howItWorksSheetSuivezLesTendances = 'Suivez les tendances';
export const howItWorksSheetJAiCompris = "J'ai compris !";
