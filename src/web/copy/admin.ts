/** features/admin/components/alert-form.tsx */
export const alertFormCopy = {
  kinds: { cyclone: 'Cyclone', pluies: 'Fortes pluies et inondations' },
  modifierLAlerte: 'Modifier l’alerte',
  type: 'Type',
  niveau: 'Niveau',
  zone: 'Zone',
  estEtSud: 'Est et Sud',
  communesConcerneesFacultatif: 'Communes concernées (facultatif)',
  consigne: 'Consigne',
  emiseLeHeureDe: 'Émise le (heure de La Réunion)',
  finHeureDeLa: 'Fin (heure de La Réunion)',
  enregistrer: 'Enregistrer',
  emettreLAlerte: 'Émettre l’alerte',
  nouvelleAlerte: 'Nouvelle alerte',
} as const;

/** features/admin/components/login-form.tsx */
export const loginFormCopy = {
  jetonRefuse: 'Jeton refusé',
  saisissezLeJetonD: 'Saisissez le jeton d’administration',
  connexion: 'Connexion',
  tokenIntro: 'Saisissez le jeton ',
  tokenOutro: ' du serveur. Il reste dans cet onglet et disparaît à sa fermeture.',
  jetonDAdministration: 'Jeton d’administration',
  seConnecter: 'Se connecter',
} as const;

/** features/admin/components/news-item-form.tsx */
export const newsItemFormCopy = {
  modifierLArticle: 'Modifier l’article',
  titre: 'Titre',
  resume: 'Résumé',
  categorie: 'Catégorie',
  publieLeHeureDe: 'Publié le (heure de La Réunion)',
  auteur: 'Auteur',
  imageUnEmoji: 'Image (un émoji)',
  tempsDeLectureMinutes: 'Temps de lecture (minutes)',
  vues: 'Vues',
  evolutionDesVues: 'Évolution des vues (%)',
  lienVersLArticle: 'Lien vers l’article de presse',
  enTendance: 'En tendance',
  enregistrer: 'Enregistrer',
  publierLArticle: 'Publier l’article',
  nouvelArticle: 'Nouvel article',
} as const;

/** features/admin/components/news-admin.tsx */
export const newsAdminCopy = {
  nouvelArticle: 'Nouvel article',
  cetArticle: 'cet article',
  articles: 'Articles',
  filtrerLesArticlesPar: 'Filtrer les articles par titre',
  chargementDesArticles: 'Chargement des articles',
  tendance: 'Tendance',
  publieLe: '· publié le ',
  vue: 'vue',
  modifier: 'Modifier',
} as const;

/** features/admin/components/bursts-admin.tsx */
export const burstsAdminCopy = {
  exclue: 'Exclue',
  exclure: 'Exclure',
  vote: 'vote',
  oui: 'OUI',
  non: 'NON',
  candidat: (side: string | number) => `candidat ${side}`,
  rafales: 'Rafales',
  desDizainesDeVotes:
    'Des dizaines de votes d’identités toutes neuves, venus de peu d’adresses en quelques minutes, presque tous du même côté. Exclure une rafale retire ses votes des résultats publics ; ils restent enregistrés et peuvent être réintégrés.',
  chargementDesRafales: 'Chargement des rafales',
  aucuneRafaleDetectee: 'Aucune rafale détectée.',
  rafaleSur: (title: string | number) => `Rafale sur ${title}`,
  comptee: 'Comptée',
  prediction: 'Prédiction',
  commune: 'Commune',
  votes: 'Votes',
  adresses: 'Adresses',
  identitesNeuves: 'Identités neuves',
  ageMedian: 'Âge médian',
  du: 'Du ',
  au: 'au ',
  repereeLe: '· repérée le ',
  decisionLe: (decidedAt: string | number) => ` · décision le ${decidedAt}`,
  confirmerLaReintegration: 'Confirmer la réintégration',
  confirmerLExclusion: 'Confirmer l’exclusion',
  remettreCesDansLes: (votes: string | number) => `Remettre ces ${votes} dans les résultats publics ?`,
  retirerCesDesResultats: (votes: string | number) => `Retirer ces ${votes} des résultats publics ?`,
  annuler: 'Annuler',
  reintegrer: 'Réintégrer',
} as const;

/** features/admin/components/alerts-admin.tsx */
export const alertsAdminCopy = {
  enCours: 'En cours',
  aVenir: 'À venir',
  terminee: 'Terminée',
  alertesMeteo: 'Alertes météo',
  nouvelleAlerte: 'Nouvelle alerte',
  chargementDesAlertes: 'Chargement des alertes',
  aucuneAlerteEnregistree: 'Aucune alerte enregistrée.',
  emiseLe: 'Émise le ',
  finLe: '· fin le ',
  modifier: 'Modifier',
  terminerMaintenant: 'Terminer maintenant',
  cetteAlerte: 'cette alerte',
} as const;

/** features/admin/components/market-form.tsx */
export const marketFormCopy = {
  modifierLaPrediction: 'Modifier la prédiction',
  nouvellePrediction: 'Nouvelle prédiction',
  titre: 'Titre',
  description: 'Description',
  categorie: 'Catégorie',
  dateDeFin23: 'Date de fin (23 h 59 à La Réunion)',
  enTendance: 'En tendance',
  enregistrer: 'Enregistrer',
  creerLaPrediction: 'Créer la prédiction',
} as const;

/** features/admin/components/markets-admin.tsx */
export const marketsAdminCopy = {
  predictions: 'Prédictions',
  nouvellePrediction: 'Nouvelle prédiction',
  filtrerParTitre: 'Filtrer par titre',
  chargementDesPredictions: 'Chargement des prédictions',
  tendance: 'Tendance',
  resolue: 'Résolue : ',
  oui: 'OUI',
  non: 'NON',
  vote: 'vote',
  finLe: '· fin le',
  choisirLeResultat: 'Choisir le résultat',
  quelEstLeResultat: 'Quel est le résultat ?',
  annuler: 'Annuler',
  modifier: 'Modifier',
  resoudre: 'Résoudre',
  retirerDesTendances: 'Retirer des tendances',
  mettreEnTendance: 'Mettre en tendance',
  cettePrediction: 'cette prédiction',
} as const;

/** features/admin/components/candidates-admin.tsx */
export const candidatesAdminCopy = {
  candidats: 'Candidats',
  chargementDesCandidats: 'Chargement des candidats',
  aucunCandidat: 'Aucun candidat.',
  ajouterUnCandidat: 'Ajouter un candidat',
  nomDuNouveauCandidat: 'Nom du nouveau candidat',
  ajouterLeCandidat: 'Ajouter le candidat',
  vote: 'vote',
  renommerLeCandidat: 'Renommer le candidat',
  nouveauNom: 'Nouveau nom',
  enregistrer: 'Enregistrer',
  annuler: 'Annuler',
  renommer: 'Renommer',
  ceCandidat: 'ce candidat',
} as const;

/** features/admin/components/fields.tsx */
export const fieldsCopy = {
  supprimer: 'Supprimer',
  confirmerLaSuppressionDe: (what: string | number) => `Confirmer la suppression de ${what}`,
  supprimer2: 'Supprimer ',
  cEstDefinitif: '? C’est définitif.',
  confirmerLaSuppression: 'Confirmer la suppression',
  annuler: 'Annuler',
} as const;

/** features/admin/components/communes-admin.tsx */
export const communesAdminCopy = {
  modifierLaCommune: 'Modifier la commune',
  nouvelleCommune: 'Nouvelle commune',
  titreDeLElection: 'Titre de l’élection',
  electionMunicipaleCilaos2026: 'Élection Municipale Cilaos 2026',
  enTendance: 'En tendance',
  enregistrer: 'Enregistrer',
  creerLaCommune: 'Créer la commune',
  communesEtCandidats: 'Communes et candidats',
  filtrerLesCommunes: 'Filtrer les communes',
  chargementDesCommunes: 'Chargement des communes',
  tendance: 'Tendance',
  vote: 'vote',
  modifier: 'Modifier',
  masquerLesCandidats: 'Masquer les candidats',
  candidats: 'Candidats',
  cetteCommuneSesCandidats: 'cette commune, ses candidats et ses votes',
} as const;

/** features/admin/components/activity-panel.tsx */
export const activityPanelCopy = {
  preuvesRejouees: 'Preuves rejouées',
  limitesDeDebit: 'Limites de débit',
  preuvesInvalides: 'Preuves invalides',
  chargementDeLActivite: 'Chargement de l’activité',
  activiteEnDirect: 'Activité en direct',
  miseAJourToutes: 'Mise à jour toutes les 3 secondes, tous serveurs confondus (',
  votesRefusesAujourdHui: 'Votes refusés aujourd’hui',
  aucunVoteDansLa: 'Aucun vote dans la dernière heure.',
  votesParPrediction: 'Votes par prédiction',
  prediction: 'Prédiction',
  n5Min: '5 min',
  pagesDeLActivite: 'Pages de l’activité',
  precedente: 'Précédente',
  page: 'Page ',
  sur: 'sur ',
  predictions: 'prédictions',
  suivante: 'Suivante',
  n1H: '1 h',
} as const;

/** features/admin/components/admin-page.tsx */
export const adminPageCopy = {
  activite: 'Activité',
  predictions: 'Prédictions',
  communes: 'Communes',
  actualites: 'Actualités',
  rafales: 'Rafales',
  administration: 'Administration',
  seDeconnecter: 'Se déconnecter',
  sectionsDeLAdministration: 'Sections de l’administration',
} as const;
