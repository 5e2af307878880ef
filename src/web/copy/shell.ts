/** app/app.tsx */
export const appCopy = {
  chargement: 'Chargement',
  allerAuxPredictions: 'Aller aux prédictions',
  queVaTIl: 'Que va-t-il se passer à La Réunion ?',
  votezOuiOuNon: 'Votez OUI ou NON sur l’actualité de l’île et suivez les résultats en direct.',
  voterALaChaine: 'Voter à la chaîne',
  filtrerParVote: 'Filtrer par vote',
  predictions: 'Prédictions',
  allerAuContenu: 'Aller au contenu',
} as const;

/** app/bottom-tab-bar.tsx */
export const bottomTabBarCopy = {
  navigationPrincipale: 'Navigation principale',
  accueil: 'Accueil',
  recherche: 'Recherche',
  tendances: 'Tendances',
  plus: 'Plus',
} as const;

/** app/category-bar.tsx */
export const categoryBarCopy = {
  categories: 'Catégories',
  faireDefilerLesCategories: 'Faire défiler les catégories vers la gauche',
  toutesCategories: 'Toutes catégories',
  municipales: 'Municipales',
  faireDefilerLesCategories2: 'Faire défiler les catégories vers la droite',
} as const;

/** app/cookie-banner.tsx */
export const cookieBannerCopy = {
  consentementAuxCookies: 'Consentement aux cookies',
  nousUtilisonsDesCookies: 'Nous utilisons des cookies',
  pourVosPreferencesEt: 'pour vos préférences et une voix par prédiction et par appareil, sans pistage.',
  enSavoirPlus: 'En savoir plus',
  refuser: 'Refuser',
  accepter: 'Accepter',
} as const;

/** app/desktop-footer.tsx */
export const desktopFooterCopy = {
  nouvelOnglet: '(nouvel onglet)',
} as const;

/** app/error-boundary.tsx */
export const errorBoundaryCopy = {
  predi974ErreurDAffichage: 'Prédi974 : erreur d’affichage',
  laPageNA: 'La page n’a pas pu s’afficher. Vos votes enregistrés ne sont pas perdus.',
  revenirALAccueil: 'Revenir à l’accueil',
} as const;

/** app/header.tsx */
export const headerCopy = {
  pageDAccueil: (name: string | number) => `${name}, page d’accueil`,
  rechercherSur: 'Rechercher sur ',
  rechercherSur2: (name: string | number) => `Rechercher sur ${name}`,
  actualites: 'Actualités',
  commentCaMarche: 'Comment ça marche',
  passerAuThemeClair: 'Passer au thème clair',
  passerAuThemeSombre: 'Passer au thème sombre',
} as const;

/** app/how-it-works-hint.tsx */
export const howItWorksHintCopy = {
  nouveauIciDecouvrezComment: 'Nouveau ici ? Découvrez comment ça marche en 30 secondes.',
  masquerLAstuce: 'Masquer l’astuce',
} as const;

/** app/more-menu.tsx */
export const moreMenuCopy = {
  plus: 'Plus',
  nouvelOnglet: '(nouvel onglet)',
} as const;

/** app/search-category-sheet.tsx */
export const searchCategorySheetCopy = {
  rechercherParCategorie: 'Rechercher par catégorie',
} as const;

/** app/search-filter-bar.tsx */
export const searchFilterBarCopy = {
  votes: 'Votés',
  nonVotes: 'Non votés',
  rechercheEtFiltres: 'Recherche et filtres',
  rechercherUnePrediction: 'Rechercher une prédiction',
  rechercherUnePrediction2: 'Rechercher une prédiction...',
  effacerLaRecherche: 'Effacer la recherche',
  faireDefilerLesSuggestions: 'Faire défiler les suggestions vers la gauche',
  recherchesSuggerees: 'Recherches suggérées',
  faireDefilerLesSuggestions2: 'Faire défiler les suggestions vers la droite',
  filtrerParVote: 'Filtrer par vote',
  tous: 'Tous',
} as const;

/** app/site-links.tsx */
export const siteLinksCopy = {
  voterALaChaine: 'Voter à la chaîne',
  confidentialite: 'Confidentialité',
  mentionsLegales: 'Mentions légales',
  accessibiliteNonConforme: 'Accessibilité : non conforme',
  accessibilite: 'Accessibilité',
  tousDroitsReserves: (COPYRIGHT_SHORT: string | number) => `${COPYRIGHT_SHORT}. Tous droits réservés.`,
  monBilan: 'Mon bilan',
  documentation: 'Documentation',
  cookies: 'Cookies',
  politiqueDeCookies: 'Politique de cookies',
  transparenceDesVotes: 'Transparence des votes',
  transparence: 'Transparence',
  presse: 'Presse',
  contact: 'Contact',
} as const;

/** hydrate.tsx */
export const hydrateCopy = {
  rootMissing: 'Élément #root introuvable',
} as const;
