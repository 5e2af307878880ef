/** features/legal/components/privacy-policy-page.tsx */
export const privacyPolicyPageProofOfWork =
  'la preuve de travail : un petit calcul fait par votre appareil avant chaque vote, qui ne contient rien sur vous';
export const privacyPolicyPageLEmpreinteDeVotre =
  'l’empreinte de votre navigateur : un identifiant anonyme délivré par notre serveur dès votre premier geste sur la page et gardé sur votre appareil (user_fingerprint)';
export const privacyPolicyPageVotreAdresseIpUtilisee =
  'votre adresse IP, utilisée uniquement à des fins de sécurité (limitation des abus), jamais enregistrée avec vos votes';
export const privacyPolicyPageLeTypeEtLa = 'le type et la version de votre navigateur';
export const privacyPolicyPageLaResolutionDeVotre = 'la résolution de votre écran';
export const privacyPolicyPageVotreFuseauHoraire = 'votre fuseau horaire';
export const privacyPolicyPageLaLangueDeVotre = 'la langue de votre navigateur';
export const privacyPolicyPageVosVotesOuiNon = 'vos votes (OUI / NON sur les prédictions et candidat choisi par commune)';
export const privacyPolicyPageVotrePreferenceDeTheme = 'votre préférence de thème (clair ou sombre)';
export const privacyPolicyPageVotreConsentementAuxCookies = 'votre consentement aux cookies';
export const privacyPolicyPageDAcces = 'd’accès';
export const privacyPolicyPageDeRectification = 'de rectification';
export const privacyPolicyPageDEffacement = 'd’effacement';
export const privacyPolicyPageDeLimitation = 'de limitation';
export const privacyPolicyPageDePortabilite = 'de portabilité';
export const privacyPolicyPageDOpposition = 'd’opposition';
export const privacyPolicyPagePolitiqueDeConfidentialite = 'Politique de confidentialité';
export const privacyPolicyPageNiCompteNiE = 'Ni compte, ni e-mail';
export const privacyPolicyPageNiReventeNiPublicite = 'Ni revente, ni publicité';
export const privacyPolicyPageVosDonneesEnUn = 'Vos données en un clic';
export const privacyPolicyPageNeDemandeNiNom =
  'ne demande ni nom, ni e-mail, ni compte. Voici les seules données traitées, pourquoi, et combien de temps elles sont gardées.';
export const privacyPolicyPageDonneesCollectees = 'Données collectées';
export const privacyPolicyPagePourFaireFonctionnerLe = 'Pour faire fonctionner le vote et limiter la fraude, nous traitons :';
export const privacyPolicyPageProtectionDesVotes = 'Protection des votes';
export const privacyPolicyPagePourQuUnProgramme =
  'Pour qu’un programme ne puisse pas voter des milliers de fois, sans compte ni service extérieur :';
export const privacyPolicyPageIdentifiantDeLAppareil = 'Identifiant de l’appareil';
export const privacyPolicyPageDelivreEtSignePar =
  ': délivré et signé par notre serveur dès votre premier geste sur la page, il est gardé 1 an sur votre appareil, dans le cookie et le stockage local ';
export const privacyPolicyPageIlNEstJamais =
  '. Il n’est jamais recalculé à partir de votre écran ou de votre navigateur : tourner le téléphone ou mettre à jour le navigateur ne change rien. Sur nos serveurs, il n’est enregistré qu’avec vos votes.';
export const privacyPolicyPagePreuveDeTravail = 'Preuve de travail';
export const privacyPolicyPageAvantChaqueVoteVotre =
  ': avant chaque vote, votre appareil résout en arrière-plan un petit calcul demandé par le serveur. Le serveur garde la trace d’un calcul utilisé jusqu’à son expiration (quelques minutes) pour qu’il ne serve pas deux fois, puis l’efface.';
export const privacyPolicyPageAdresseIp = 'Adresse IP';
export const privacyPolicyPageUtiliseeEnMemoireOu =
  ': utilisée en mémoire, ou hachée avec une clé renouvelée chaque jour, pour compter les votes et identités acceptés par adresse sur l’heure écoulée, et les demandes refusées ; ces compteurs expirent au bout de deux heures au plus et sont effacés au plus tard le lendemain, et l’effacement de vos données ne les remet pas à zéro. Elle-même n’est jamais enregistrée avec un vote.';
export const privacyPolicyPageDetectionDesRafales = 'Détection des rafales';
export const privacyPolicyPagePourRepererLesVotes =
  ': pour repérer les votes envoyés en masse, chaque vote accepté est noté pendant 30 jours avec l’identifiant de l’appareil, la date de délivrance de cet identifiant et le groupe d’adresses IP d’où il vient (l’adresse, ou son bloc /48 en IPv6), haché avec une clé renouvelée chaque jour, jamais en clair.';
export const privacyPolicyPageChiffresPublics = 'Chiffres publics';
export const privacyPolicyPageSeulsDesTotauxPar =
  ': seuls des totaux par jour (votes, participants, refus) sont publiés sur la page Transparence des votes.';
export const privacyPolicyPageFinalites = 'Finalités';
export const privacyPolicyPageCompterUnSeulVote =
  'compter un seul vote par prédiction et par appareil, et un seul vote par commune ;';
export const privacyPolicyPageAfficherVosVotesEt = 'afficher vos votes et les résultats en direct ;';
export const privacyPolicyPageRetenirVosPreferencesD = 'retenir vos préférences d’affichage et votre choix de cookies ;';
export const privacyPolicyPageProtegerLeServiceContre = 'protéger le service contre les abus (envois massifs, attaques).';
export const privacyPolicyPageVosDonneesNeSont = 'Vos données ne sont ni vendues, ni utilisées à des fins publicitaires.';
export const privacyPolicyPageHebergementEtBaseDe = 'Hébergement et base de données';
export const privacyPolicyPageLeServiceEtSa = 'Le service et sa base de données sont hébergés par ';
export const privacyPolicyPagePaysDesServeurs = '(pays des serveurs\u00a0:';
export const privacyPolicyPageVosDonneesRestentDans = 'Vos données restent dans l’Union européenne.';
export const privacyPolicyPageCeTransfertHorsDe =
  'Ce transfert hors de l’Union européenne est encadré par les garanties contractuelles prévues par le RGPD.';
export const privacyPolicyPageDureeDeConservation = 'Durée de conservation';
export const privacyPolicyPageVotes = 'Votes';
export const privacyPolicyPagePendantLaDureeDe = ': pendant la durée de vie de la prédiction, plus 1 an.';
export const privacyPolicyPageEmpreinteDuNavigateur = 'Empreinte du navigateur';
export const privacyPolicyPageN1AnApresVotre = ': 1 an après votre dernière activité.';
export const privacyPolicyPagePreuvesDeTravailUtilisees = 'Preuves de travail utilisées';
export const privacyPolicyPageJusquALeurExpiration = ': jusqu’à leur expiration, quelques minutes.';
export const privacyPolicyPageCompteursParAdresseIp = 'Compteurs par adresse IP';
export const privacyPolicyPageHacheeDeuxHeuresAu = '(hachée) : deux heures au plus, effacés au plus tard le lendemain.';
export const privacyPolicyPageNotesDeDetectionDes = 'Notes de détection des rafales';
export const privacyPolicyPageGroupeDAdressesHache = '(groupe d’adresses haché) : 30 jours.';
export const privacyPolicyPagePreferences = 'Préférences';
export const privacyPolicyPageThemeConsentementJusquA =
  '(thème, consentement) : jusqu’à leur suppression manuelle ou 1 an d’inactivité.';
export const privacyPolicyPageBasesLegales = 'Bases légales';
export const privacyPolicyPageInteretLegitime = 'Intérêt légitime';
export const privacyPolicyPageSecuriteDuServiceEt = ': sécurité du service et prévention des votes multiples.';
export const privacyPolicyPageConsentement = 'Consentement';
export const privacyPolicyPageCookiesEtPreferencesEnregistres = ': cookies et préférences enregistrés sur votre appareil.';
export const privacyPolicyPageContrat = 'Contrat';
export const privacyPolicyPageFournitureDuServiceDe = ': fourniture du service de vote que vous utilisez.';
export const privacyPolicyPageMineurs = 'Mineurs';
export const privacyPolicyPageCeServiceNEst = 'Ce service n’est pas destiné aux personnes de moins de ';
export const privacyPolicyPageAns = 'ans.';
export const privacyPolicyPageVosDroits = 'Vos droits';
export const privacyPolicyPageVousDisposezDUn = 'Vous disposez d’un droit ';
export const privacyPolicyPageEt = 'et ';
export const privacyPolicyPageSurVosDonneesPour = 'sur vos données. Pour l’exercer, écrivez à';
export const privacyPolicyPageSiVousEstimezQue =
  'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (';
export const privacyPolicyPageVosDonnees = 'Vos données';
export const privacyPolicyPageContact = 'Contact';
export const privacyPolicyPageLaReunionFrance = '— La Réunion, France. ';
export const privacyPolicyPageDerniereMiseAJour = 'Dernière mise à jour : ';
