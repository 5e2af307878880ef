/** app/app.tsx */
export const appChargement = 'Chargement';
export const appAllerAuxPredictions = 'Aller aux prédictions';
export const appQueVaTIl = 'Que va-t-il se passer à La Réunion ?';
export const appVotezOuiOuNon = 'Votez OUI ou NON sur l’actualité de l’île et suivez les résultats en direct.';
export const appVoterALaChaine = 'Voter à la chaîne';
export const appFiltrerParVote = 'Filtrer par vote';
export const appPredictions = 'Prédictions';
export const appAllerAuContenu = 'Aller au contenu';

/** app/bottom-tab-bar.tsx */
export const bottomTabBarNavigationPrincipale = 'Navigation principale';
export const bottomTabBarAccueil = 'Accueil';
export const bottomTabBarRecherche = 'Recherche';
export const bottomTabBarTendances = 'Tendances';
export const bottomTabBarPlus = 'Plus';

/** app/category-bar.tsx */
export const categoryBarCategories = 'Catégories';
export const categoryBarFaireDefilerLesCategories = 'Faire défiler les catégories vers la gauche';
export const categoryBarToutesCategories = 'Toutes catégories';
export const categoryBarMunicipales = 'Municipales';
export const categoryBarFaireDefilerLesCategories2 = 'Faire défiler les catégories vers la droite';

/** app/cookie-banner.tsx */
export const cookieBannerConsentementAuxCookies = 'Consentement aux cookies';
export const cookieBannerNousUtilisonsDesCookies = 'Nous utilisons des cookies';
export const cookieBannerPourVosPreferencesEt = 'pour vos préférences et une voix par prédiction et par appareil, sans pistage.';
export const cookieBannerEnSavoirPlus = 'En savoir plus';
export const cookieBannerRefuser = 'Refuser';
export const cookieBannerAccepter = 'Accepter';

/** app/desktop-footer.tsx */
export const desktopFooterNouvelOnglet = '(nouvel onglet)';

/** app/error-boundary.tsx */
export const errorBoundaryPredi974ErreurDAffichage = 'Prédi974 : erreur d’affichage';
export const errorBoundaryLaPageNA = 'La page n’a pas pu s’afficher. Vos votes enregistrés ne sont pas perdus.';
export const errorBoundaryRevenirALAccueil = 'Revenir à l’accueil';

/** app/header.tsx */
export const headerPageDAccueil = (name: string | number) => `${name}, page d’accueil`;
export const headerRechercherSur = 'Rechercher sur ';
export const headerRechercherSur2 = (name: string | number) => `Rechercher sur ${name}`;
export const headerActualites = 'Actualités';
export const headerCommentCaMarche = 'Comment ça marche';
export const headerPasserAuThemeClair = 'Passer au thème clair';
export const headerPasserAuThemeSombre = 'Passer au thème sombre';

/** app/how-it-works-hint.tsx */
export const howItWorksHintNouveauIciDecouvrezComment = 'Nouveau ici ? Découvrez comment ça marche en 30 secondes.';
export const howItWorksHintMasquerLAstuce = 'Masquer l’astuce';

/** app/search-filter-bar.tsx */
export const searchFilterBarVotes = 'Votés';
export const searchFilterBarNonVotes = 'Non votés';
export const searchFilterBarRechercheEtFiltres = 'Recherche et filtres';
export const searchFilterBarRechercherUnePrediction = 'Rechercher une prédiction';
export const searchFilterBarRechercherUnePrediction2 = 'Rechercher une prédiction...';
export const searchFilterBarEffacerLaRecherche = 'Effacer la recherche';
export const searchFilterBarFaireDefilerLesSuggestions = 'Faire défiler les suggestions vers la gauche';
export const searchFilterBarRecherchesSuggerees = 'Recherches suggérées';
export const searchFilterBarFaireDefilerLesSuggestions2 = 'Faire défiler les suggestions vers la droite';
export const searchFilterBarFiltrerParVote = 'Filtrer par vote';
export const searchFilterBarTous = 'Tous';

/** app/site-links.tsx */
export const siteLinksVoterALaChaine = 'Voter à la chaîne';
export const siteLinksConfidentialite = 'Confidentialité';
export const siteLinksMentionsLegales = 'Mentions légales';
export const siteLinksAccessibiliteNonConforme = 'Accessibilité : non conforme';
export const siteLinksAccessibilite = 'Accessibilité';
export const siteLinksTousDroitsReserves = (COPYRIGHT_SHORT: string | number) => `${COPYRIGHT_SHORT}. Tous droits réservés.`;
export const siteLinksMonBilan = 'Mon bilan';
export const siteLinksDocumentation = 'Documentation';
export const siteLinksCookies = 'Cookies';
export const siteLinksPolitiqueDeCookies = 'Politique de cookies';
export const siteLinksTransparenceDesVotes = 'Transparence des votes';
export const siteLinksTransparence = 'Transparence';
export const siteLinksPresse = 'Presse';
export const siteLinksContact = 'Contact';

/** hydrate.tsx */
export const hydrateRootMissing = 'Élément #root introuvable';
