/** features/admin/components/alert-form.tsx */
export const alertFormKinds = { cyclone: 'Cyclone', pluies: 'Fortes pluies et inondations' } as const;
export const alertFormModifierLAlerte = 'Modifier l’alerte';
export const alertFormType = 'Type';
export const alertFormNiveau = 'Niveau';
export const alertFormZone = 'Zone';
export const alertFormEstEtSud = 'Est et Sud';
export const alertFormCommunesConcerneesFacultatif = 'Communes concernées (facultatif)';
export const alertFormConsigne = 'Consigne';
export const alertFormEmiseLeHeureDe = 'Émise le (heure de La Réunion)';
export const alertFormFinHeureDeLa = 'Fin (heure de La Réunion)';
export const alertFormEnregistrer = 'Enregistrer';
export const alertFormEmettreLAlerte = 'Émettre l’alerte';
export const alertFormNouvelleAlerte = 'Nouvelle alerte';

/** features/admin/components/login-form.tsx */
export const loginFormJetonRefuse = 'Jeton refusé';
export const loginFormSaisissezLeJetonD = 'Saisissez le jeton d’administration';
export const loginFormConnexion = 'Connexion';
export const loginFormTokenIntro = 'Saisissez le jeton ';
export const loginFormTokenOutro = ' du serveur. Il reste dans cet onglet et disparaît à sa fermeture.';
export const loginFormJetonDAdministration = 'Jeton d’administration';
export const loginFormSeConnecter = 'Se connecter';

/** features/admin/components/news-item-form.tsx */
export const newsItemFormModifierLArticle = 'Modifier l’article';
export const newsItemFormTitre = 'Titre';
export const newsItemFormResume = 'Résumé';
export const newsItemFormCategorie = 'Catégorie';
export const newsItemFormPublieLeHeureDe = 'Publié le (heure de La Réunion)';
export const newsItemFormAuteur = 'Auteur';
export const newsItemFormImageUnEmoji = 'Image (un émoji)';
export const newsItemFormTempsDeLectureMinutes = 'Temps de lecture (minutes)';
export const newsItemFormVues = 'Vues';
export const newsItemFormEvolutionDesVues = 'Évolution des vues (%)';
export const newsItemFormLienVersLArticle = 'Lien vers l’article de presse';
export const newsItemFormEnTendance = 'En tendance';
export const newsItemFormEnregistrer = 'Enregistrer';
export const newsItemFormPublierLArticle = 'Publier l’article';
export const newsItemFormNouvelArticle = 'Nouvel article';

/** features/admin/components/news-admin.tsx */
export const newsAdminNouvelArticle = 'Nouvel article';
export const newsAdminCetArticle = 'cet article';
export const newsAdminArticles = 'Articles';
export const newsAdminFiltrerLesArticlesPar = 'Filtrer les articles par titre';
export const newsAdminChargementDesArticles = 'Chargement des articles';
export const newsAdminTendance = 'Tendance';
export const newsAdminPublieLe = '· publié le ';
export const newsAdminVue = 'vue';
export const newsAdminModifier = 'Modifier';

/** features/admin/components/bursts-admin.tsx */
export const burstsAdminExclue = 'Exclue';
export const burstsAdminExclure = 'Exclure';
export const burstsAdminVote = 'vote';
export const burstsAdminOui = 'OUI';
export const burstsAdminNon = 'NON';
export const burstsAdminCandidat = (side: string | number) => `candidat ${side}`;
export const burstsAdminRafales = 'Rafales';
export const burstsAdminDesDizainesDeVotes =
  'Des dizaines de votes d’identités toutes neuves, venus de peu d’adresses en quelques minutes, presque tous du même côté. Exclure une rafale retire ses votes des résultats publics ; ils restent enregistrés et peuvent être réintégrés.';
export const burstsAdminChargementDesRafales = 'Chargement des rafales';
export const burstsAdminAucuneRafaleDetectee = 'Aucune rafale détectée.';
export const burstsAdminRafaleSur = (title: string | number) => `Rafale sur ${title}`;
export const burstsAdminComptee = 'Comptée';
export const burstsAdminPrediction = 'Prédiction';
export const burstsAdminCommune = 'Commune';
export const burstsAdminVotes = 'Votes';
export const burstsAdminAdresses = 'Adresses';
export const burstsAdminIdentitesNeuves = 'Identités neuves';
export const burstsAdminAgeMedian = 'Âge médian';
export const burstsAdminDu = 'Du ';
export const burstsAdminAu = 'au ';
export const burstsAdminRepereeLe = '· repérée le ';
export const burstsAdminDecisionLe = (decidedAt: string | number) => ` · décision le ${decidedAt}`;
export const burstsAdminConfirmerLaReintegration = 'Confirmer la réintégration';
export const burstsAdminConfirmerLExclusion = 'Confirmer l’exclusion';
export const burstsAdminRemettreCesDansLes = (votes: string | number) => `Remettre ces ${votes} dans les résultats publics ?`;
export const burstsAdminRetirerCesDesResultats = (votes: string | number) => `Retirer ces ${votes} des résultats publics ?`;
export const burstsAdminAnnuler = 'Annuler';
export const burstsAdminReintegrer = 'Réintégrer';

/** features/admin/components/alerts-admin.tsx */
export const alertsAdminEnCours = 'En cours';
export const alertsAdminAVenir = 'À venir';
export const alertsAdminTerminee = 'Terminée';
export const alertsAdminAlertesMeteo = 'Alertes météo';
export const alertsAdminNouvelleAlerte = 'Nouvelle alerte';
export const alertsAdminChargementDesAlertes = 'Chargement des alertes';
export const alertsAdminAucuneAlerteEnregistree = 'Aucune alerte enregistrée.';
export const alertsAdminEmiseLe = 'Émise le ';
export const alertsAdminFinLe = '· fin le ';
export const alertsAdminModifier = 'Modifier';
export const alertsAdminTerminerMaintenant = 'Terminer maintenant';
export const alertsAdminCetteAlerte = 'cette alerte';

/** features/admin/components/market-form.tsx */
export const marketFormModifierLaPrediction = 'Modifier la prédiction';
export const marketFormNouvellePrediction = 'Nouvelle prédiction';
export const marketFormTitre = 'Titre';
export const marketFormDescription = 'Description';
export const marketFormCategorie = 'Catégorie';
export const marketFormDateDeFin23 = 'Date de fin (23 h 59 à La Réunion)';
export const marketFormEnTendance = 'En tendance';
export const marketFormEnregistrer = 'Enregistrer';
export const marketFormCreerLaPrediction = 'Créer la prédiction';

/** features/admin/components/markets-admin.tsx */
export const marketsAdminPredictions = 'Prédictions';
export const marketsAdminNouvellePrediction = 'Nouvelle prédiction';
export const marketsAdminRechercher = 'Rechercher (titre, description ou catégorie)';
export const marketsAdminAfficherPlus = 'Afficher plus de prédictions';
export const marketsAdminAffichees = (shown: string, total: string) => `Prédictions affichées : ${shown} sur ${total}`;
export const marketsAdminChargementDesPredictions = 'Chargement des prédictions';
export const marketsAdminTendance = 'Tendance';
export const marketsAdminResolue = 'Résolue : ';
export const marketsAdminOui = 'OUI';
export const marketsAdminNon = 'NON';
export const marketsAdminVote = 'vote';
export const marketsAdminFinLe = '· fin le';
export const marketsAdminChoisirLeResultat = 'Choisir le résultat';
export const marketsAdminQuelEstLeResultat = 'Quel est le résultat ?';
export const marketsAdminAnnuler = 'Annuler';
export const marketsAdminModifier = 'Modifier';
export const marketsAdminResoudre = 'Résoudre';
export const marketsAdminRetirerDesTendances = 'Retirer des tendances';
export const marketsAdminMettreEnTendance = 'Mettre en tendance';
export const marketsAdminCettePrediction = 'cette prédiction';

/** features/admin/components/candidates-admin.tsx */
export const candidatesAdminCandidats = 'Candidats';
export const candidatesAdminChargementDesCandidats = 'Chargement des candidats';
export const candidatesAdminAucunCandidat = 'Aucun candidat.';
export const candidatesAdminAjouterUnCandidat = 'Ajouter un candidat';
export const candidatesAdminNomDuNouveauCandidat = 'Nom du nouveau candidat';
export const candidatesAdminAjouterLeCandidat = 'Ajouter le candidat';
export const candidatesAdminVote = 'vote';
export const candidatesAdminRenommerLeCandidat = 'Renommer le candidat';
export const candidatesAdminNouveauNom = 'Nouveau nom';
export const candidatesAdminEnregistrer = 'Enregistrer';
export const candidatesAdminAnnuler = 'Annuler';
export const candidatesAdminRenommer = 'Renommer';
export const candidatesAdminCeCandidat = 'ce candidat';

/** features/admin/components/fields.tsx */
export const fieldsSupprimer = 'Supprimer';
export const fieldsConfirmerLaSuppressionDe = (what: string | number) => `Confirmer la suppression de ${what}`;
export const fieldsSupprimer2 = 'Supprimer ';
export const fieldsCEstDefinitif = '? C’est définitif.';
export const fieldsConfirmerLaSuppression = 'Confirmer la suppression';
export const fieldsAnnuler = 'Annuler';

/** features/admin/components/communes-admin.tsx */
export const communesAdminModifierLaCommune = 'Modifier la commune';
export const communesAdminNouvelleCommune = 'Nouvelle commune';
export const communesAdminTitreDeLElection = 'Titre de l’élection';
export const communesAdminElectionMunicipaleCilaos2026 = 'Élection Municipale Cilaos 2026';
export const communesAdminEnTendance = 'En tendance';
export const communesAdminEnregistrer = 'Enregistrer';
export const communesAdminCreerLaCommune = 'Créer la commune';
export const communesAdminCommunesEtCandidats = 'Communes et candidats';
export const communesAdminFiltrerLesCommunes = 'Filtrer les communes';
export const communesAdminChargementDesCommunes = 'Chargement des communes';
export const communesAdminTendance = 'Tendance';
export const communesAdminVote = 'vote';
export const communesAdminModifier = 'Modifier';
export const communesAdminMasquerLesCandidats = 'Masquer les candidats';
export const communesAdminCandidats = 'Candidats';
export const communesAdminCetteCommuneSesCandidats = 'cette commune, ses candidats et ses votes';

/** features/admin/components/activity-panel.tsx */
export const activityPanelPreuvesRejouees = 'Preuves rejouées';
export const activityPanelLimitesDeDebit = 'Limites de débit';
export const activityPanelPreuvesInvalides = 'Preuves invalides';
export const activityPanelChargementDeLActivite = 'Chargement de l’activité';
export const activityPanelActiviteEnDirect = 'Activité en direct';
export const activityPanelMiseAJourToutes = 'Mise à jour toutes les 3 secondes, tous serveurs confondus (';
export const activityPanelVotesRefusesAujourdHui = 'Votes refusés aujourd’hui';
export const activityPanelAucunVoteDansLa = 'Aucun vote dans la dernière heure.';
export const activityPanelVotesParPrediction = 'Votes par prédiction';
export const activityPanelPrediction = 'Prédiction';
export const activityPanelN5Min = '5 min';
export const activityPanelPagesDeLActivite = 'Pages de l’activité';
export const activityPanelPrecedente = 'Précédente';
export const activityPanelPage = 'Page ';
export const activityPanelSur = 'sur ';
export const activityPanelPredictions = 'prédictions';
export const activityPanelSuivante = 'Suivante';
export const activityPanelN1H = '1 h';

/** features/admin/components/admin-page.tsx */
export const adminPageActivite = 'Activité';
export const adminPagePredictions = 'Prédictions';
export const adminPageCommunes = 'Communes';
export const adminPageActualites = 'Actualités';
export const adminPageRafales = 'Rafales';
export const adminPageAdministration = 'Administration';
export const adminPageSeDeconnecter = 'Se déconnecter';
export const adminPageSectionsDeLAdministration = 'Sections de l’administration';
