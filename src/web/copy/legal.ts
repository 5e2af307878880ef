/** features/legal/components/legal-notice-page.tsx */
export const legalNoticePageMentionsLegales = 'Mentions légales';
export const legalNoticePageInformationsPrevuesParLa =
  'Informations prévues par la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.';
export const legalNoticePageEditeurDuSite = 'Éditeur du site';
export const legalNoticePageLeSite = 'Le site ';
export const legalNoticePageEstEditePar = 'est édité par';
export const legalNoticePageDirecteurDeLaPublication = 'Directeur de la publication : le responsable de l’édition de ';
export const legalNoticePageContact = 'Contact';
export const legalNoticePagePourTouteQuestionSignalement = 'Pour toute question, signalement ou demande concernant le site :';
export const legalNoticePageHebergement = 'Hébergement';
export const legalNoticePageLeSiteEtSa = 'Le site et sa base de données sont hébergés par ';
export const legalNoticePagePaysDesServeurs = 'Pays des serveurs\u00a0: ';
export const legalNoticePageProprieteIntellectuelle = 'Propriété intellectuelle';
export const legalNoticePageLaMarque = 'La marque ';
export const legalNoticePageLeLogoLaCharte =
  ', le logo, la charte graphique, les textes et le code du site sont protégés par le droit de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.';
export const legalNoticePageLesNomsDeCommunes =
  'Les noms de communes, les marques et les contenus de presse cités appartiennent à leurs titulaires respectifs.';
export const legalNoticePageResponsabilite = 'Responsabilité';
export const legalNoticePageLesPredictionsEtLes =
  'Les prédictions et les résultats affichés reflètent uniquement l’avis des visiteurs qui ont voté : ils ne constituent ni un sondage scientifique, ni une information officielle, ni un conseil. Aucun pari ni aucune somme d’argent n’est en jeu.';
export const legalNoticePageSEfforceDAssurer =
  's’efforce d’assurer l’exactitude des informations publiées, sans pouvoir la garantir, et ne saurait être tenu responsable d’une interruption du service ou du contenu des sites externes vers lesquels il renvoie.';

/** features/legal/components/my-data-panel.tsx */
export const myDataPanelVosVotesSontLies =
  'Vos votes sont liés à l’empreinte de cet appareil. Vous pouvez en obtenir une copie (fichier';
export const myDataPanelOuLesEffacerSur =
  ') ou les effacer : sur une prédiction ouverte, votre vote et son décompte sont supprimés ; sur une prédiction terminée, le vote est détaché de votre appareil pour que les résultats restent justes. L’effacement couvre aussi les compteurs anti-abus liés à cet identifiant, et cet appareil l’oublie : un prochain vote en recevra un nouveau.';
export const myDataPanelTelechargerMesDonnees = 'Télécharger mes données';
export const myDataPanelEffacerMesDonnees = 'Effacer mes données';
export const myDataPanelTelechargementLance = 'Téléchargement lancé : ';
export const myDataPanelErreur = 'Erreur: ';
export const myDataPanelEffacerDefinitivementVosDonnees = 'Effacer définitivement vos données ?';
export const myDataPanelVosVotesLiesA = 'Vos votes liés à cet appareil seront supprimés. Cette action est irréversible.';
export const myDataPanelOuiEffacerMesDonnees = 'Oui, effacer mes données';
export const myDataPanelAnnuler = 'Annuler';
export const myDataPanelEffacement = 'Effacement...';

/** features/legal/lib/legal-text.ts */
export const legalTextVousPouvezChangerD =
  "Vous pouvez changer d'avis tant que la prédiction est ouverte : votre vote passe de OUI à NON (ou l'inverse), sans compter un participant de plus.";
export const legalTextUnVoteNePeut = 'Un vote ne peut pas être modifié.';
export const legalTextVosDonneesOntEte = 'Vos données ont été effacées : aucun vote n’était associé à cet appareil.';
export const legalTextVoteSupprime = 'vote supprimé';
export const legalTextVotesSupprimes = 'votes supprimés';
export const legalTextVoteDetacheDeVotre = 'vote détaché de votre appareil';
export const legalTextVotesDetachesDeVotre = 'votes détachés de votre appareil';
export const legalTextVoteMunicipalSupprime = 'vote municipal supprimé';
export const legalTextVotesMunicipauxSupprimes = 'votes municipaux supprimés';
export const legalTextVoteMunicipalDetacheDe = 'vote municipal détaché de votre appareil';
export const legalTextVotesMunicipauxDetachesDe = 'votes municipaux détachés de votre appareil';
export const legalTextVosDonneesOntEte2 = (value: string | number) => `Vos données ont été effacées : ${value}.`;
