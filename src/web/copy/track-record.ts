/** features/track-record/components/track-record-page.tsx */
export const trackRecordPageDePredictionsJustes = 'de prédictions justes';
export const trackRecordPageScoreDeBrier = 'Score de Brier';
export const trackRecordPageLeMeilleur = 'Le meilleur';
export const trackRecordPageSur = 'Sur ';
export const trackRecordPageVous = 'Vous';
export const trackRecordPageLaFoule = 'La foule';
export const trackRecordPageLeScoreDeBrier = 'Le score de Brier, en deux mots';
export const trackRecordPageIlMesureLEcart = 'Il mesure l’écart entre une prévision et ce qui s’est passé, de 0 à 1 : ';
export const trackRecordPageN0EstParfait = '0 est parfait';
export const trackRecordPageN1VeutDireToujours = '1 veut dire toujours à côté';
export const trackRecordPagePlusIlEstBas = '. Plus il est bas, mieux c’est.';
export const trackRecordPageUnVoteOuiCompte =
  'Un vote OUI compte comme une prévision de 100\u202f%, un vote NON comme une prévision de 0\u202f%. La prévision de la foule est sa part finale de OUI.';
export const trackRecordPagePourChaquePredictionOn =
  'Pour chaque prédiction, on prend l’écart entre la prévision et le résultat (100\u202f% si OUI, 0\u202f% si NON), on le met au carré, puis on fait la moyenne. Par exemple, une foule à 70\u202f% de OUI sur une prédiction résolue par OUI est à 0,30 du résultat, ce qui compte 0,09.';
export const trackRecordPageVuJuste = 'Vu juste';
export const trackRecordPageRate = 'Raté';
export const trackRecordPageDetail = 'Détail';
export const trackRecordPageVotreVote = 'Votre vote : ';
export const trackRecordPageResultat = 'Résultat : ';
export const trackRecordPageFoule = 'Foule : ';
export const trackRecordPageDeOui = 'de OUI';
export const trackRecordPageChargementDuBilan = 'Chargement du bilan';
export const trackRecordPagePasEncoreDeBilan = 'Pas encore de bilan';
export const trackRecordPageAucunePredictionSurLaquelle =
  'Aucune prédiction sur laquelle vous avez voté depuis cet appareil n’est encore résolue. Votez, puis revenez une fois les résultats connus.';
export const trackRecordPageVoirLesPredictions = 'Voir les prédictions';
export const trackRecordPageImpossibleDeChargerLes = 'Impossible de charger les prédictions pour calculer votre bilan. ';
export const trackRecordPageReessayer = 'Réessayer';
export const trackRecordPagePredictionParPrediction = 'Prédiction par prédiction';
export const trackRecordPageMonBilan = 'Mon bilan';
export const trackRecordPageCalculeUniquementAPartir =
  'Calculé uniquement à partir des votes de cet appareil, sur les prédictions déjà résolues. Le calcul se fait ici, sur votre appareil : rien de plus n’est envoyé.';

/** features/track-record/lib/track-record-text.ts */
export const trackRecordTextOui = 'OUI';
export const trackRecordTextNon = 'NON';
export const trackRecordTextPredictionsResolues = (count: string | number) => `${count} prédictions résolues`;
export const trackRecordTextPredictionResolue = (count: string | number) => `${count} prédiction résolue`;
export const trackRecordTextVousAvezVuJuste = 'Vous avez vu juste sur la seule prédiction résolue.';
export const trackRecordTextVousNAvezPas = 'Vous n’avez pas vu juste sur la seule prédiction résolue.';
export const trackRecordTextVousAvezVuJuste2 = (right: string | number, total: string | number) =>
  `Vous avez vu juste sur ${right} des ${total} prédictions résolues.`;
export const trackRecordTextSurLaMemePrediction =
  'Sur la même prédiction, la foule était partagée à 50\u202f% : ni juste, ni fausse.';
export const trackRecordTextSurLaMemePrediction2 = 'Sur la même prédiction, la foule a vu juste.';
export const trackRecordTextSurLaMemePrediction3 = 'Sur la même prédiction, la foule s’est trompée.';
export const trackRecordTextSurLesMemesPredictions = (right: string | number, total: string | number) =>
  `Sur les mêmes prédictions, la foule a vu juste ${right} fois sur ${total}.`;
export const trackRecordTextElleEtaitPartageeA = (main: string | number, even: string | number) =>
  `${main} Elle était partagée à 50\u202f% sur ${even} d’entre elles : ni juste, ni fausse.`;
export const trackRecordTextVotreScoreEstPlus = 'Votre score est plus bas que celui de la foule : vous avez fait mieux qu’elle.';
export const trackRecordTextLeScoreDeLa = 'Le score de la foule est plus bas que le vôtre : la foule a fait mieux que vous.';
export const trackRecordTextVotreScoreEtCelui = 'Votre score et celui de la foule sont égaux : vous faites jeu égal.';
