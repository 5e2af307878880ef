/** features/legal/components/legal-notice-page.tsx */
export const legalNoticePageCopy = {
  mentionsLegales: 'Mentions légales',
  informationsPrevuesParLa:
    'Informations prévues par la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.',
  editeurDuSite: 'Éditeur du site',
  leSite: 'Le site ',
  estEditePar: 'est édité par',
  directeurDeLaPublication: 'Directeur de la publication : le responsable de l’édition de ',
  contact: 'Contact',
  pourTouteQuestionSignalement: 'Pour toute question, signalement ou demande concernant le site :',
  hebergement: 'Hébergement',
  leSiteEtSa: 'Le site et sa base de données sont hébergés par ',
  paysDesServeurs: 'Pays des serveurs\u00a0: ',
  proprieteIntellectuelle: 'Propriété intellectuelle',
  laMarque: 'La marque ',
  leLogoLaCharte:
    ', le logo, la charte graphique, les textes et le code du site sont protégés par le droit de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.',
  lesNomsDeCommunes:
    'Les noms de communes, les marques et les contenus de presse cités appartiennent à leurs titulaires respectifs.',
  responsabilite: 'Responsabilité',
  lesPredictionsEtLes:
    'Les prédictions et les résultats affichés reflètent uniquement l’avis des visiteurs qui ont voté : ils ne constituent ni un sondage scientifique, ni une information officielle, ni un conseil. Aucun pari ni aucune somme d’argent n’est en jeu.',
  sEfforceDAssurer:
    's’efforce d’assurer l’exactitude des informations publiées, sans pouvoir la garantir, et ne saurait être tenu responsable d’une interruption du service ou du contenu des sites externes vers lesquels il renvoie.',
} as const;

/** features/legal/components/my-data-panel.tsx */
export const myDataPanelCopy = {
  vosVotesSontLies: 'Vos votes sont liés à l’empreinte de cet appareil. Vous pouvez en obtenir une copie (fichier',
  ouLesEffacerSur:
    ') ou les effacer : sur une prédiction ouverte, votre vote et son décompte sont supprimés ; sur une prédiction terminée, le vote est détaché de votre appareil pour que les résultats restent justes. L’effacement couvre aussi les compteurs anti-abus liés à cet identifiant, et cet appareil l’oublie : un prochain vote en recevra un nouveau.',
  telechargerMesDonnees: 'Télécharger mes données',
  effacerMesDonnees: 'Effacer mes données',
  telechargementLance: 'Téléchargement lancé : ',
  erreur: 'Erreur: ',
  effacerDefinitivementVosDonnees: 'Effacer définitivement vos données ?',
  vosVotesLiesA: 'Vos votes liés à cet appareil seront supprimés. Cette action est irréversible.',
  ouiEffacerMesDonnees: 'Oui, effacer mes données',
  annuler: 'Annuler',
  effacement: 'Effacement...',
} as const;

/** features/legal/lib/legal-text.ts */
export const legalTextCopy = {
  vousPouvezChangerD:
    "Vous pouvez changer d'avis tant que la prédiction est ouverte : votre vote passe de OUI à NON (ou l'inverse), sans compter un participant de plus.",
  unVoteNePeut: 'Un vote ne peut pas être modifié.',
  vosDonneesOntEte: 'Vos données ont été effacées : aucun vote n’était associé à cet appareil.',
  voteSupprime: 'vote supprimé',
  votesSupprimes: 'votes supprimés',
  voteDetacheDeVotre: 'vote détaché de votre appareil',
  votesDetachesDeVotre: 'votes détachés de votre appareil',
  voteMunicipalSupprime: 'vote municipal supprimé',
  votesMunicipauxSupprimes: 'votes municipaux supprimés',
  voteMunicipalDetacheDe: 'vote municipal détaché de votre appareil',
  votesMunicipauxDetachesDe: 'votes municipaux détachés de votre appareil',
  vosDonneesOntEte2: (value: string | number) => `Vos données ont été effacées : ${value}.`,
} as const;
