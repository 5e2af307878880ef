/** features/legal/components/accessibility-statement-page.tsx */
export const accessibilityStatementPageFocusALaFermeture = 'Focus à la fermeture de «\u00a0Comment ça marche\u00a0?\u00a0»';
export const accessibilityStatementPageLaFenetreQuiS =
  '\u00a0: la fenêtre qui s’ouvre à la première visite rend le focus au début de la page, et non à l’endroit où vous étiez (WCAG 2.4.3).';
export const accessibilityStatementPageZoomA200Sur = 'Zoom à 200\u00a0% sur téléphone';
export const accessibilityStatementPageSurToutesLesPages =
  '\u00a0: sur toutes les pages, les libellés de la barre d’onglets du bas se chevauchent (WCAG 1.4.4).';
export const accessibilityStatementPageEcouteAvecUnLecteur = 'Écoute avec un lecteur d’écran';
export const accessibilityStatementPageAucunParcoursNA =
  '\u00a0: aucun parcours n’a encore été vérifié avec NVDA, JAWS, VoiceOver ou TalkBack\u00a0; des défauts d’annonce peuvent subsister.';
export const accessibilityStatementPageDeclarationDAccessibilite = 'Déclaration d’accessibilité';
export const accessibilityStatementPageSEngageARendre =
  's’engage à rendre son site accessible conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d’accessibilité s’applique au site ';
export const accessibilityStatementPageEtAToutesSes = 'et à toutes ses pages.';
export const accessibilityStatementPageEtatDeConformite = 'État de conformité';
export const accessibilityStatementPageLeSite = 'Le site ';
export const accessibilityStatementPageEst = 'est ';
export const accessibilityStatementPageNonConforme = 'non conforme';
export const accessibilityStatementPageAvecLeReferentielGeneral =
  'avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2.';
export const accessibilityStatementPageAucunAuditCompletDu =
  'Aucun audit complet du RGAA n’a encore été réalisé\u00a0: sans audit, le taux de conformité n’est pas mesuré et le RGAA impose cette mention, quel que soit le soin apporté au site. Les vérifications décrites ci-dessous ont été faites et sont refaites à chaque modification du site, mais elles ne couvrent pas tous les critères.';
export const accessibilityStatementPageCeQuiAEte = 'Ce qui a été vérifié, et comment';
export const accessibilityStatementPageChacuneDeCesVerifications =
  'Chacune de ces vérifications est un test automatique, rejoué avant chaque mise en ligne\u00a0:';
export const accessibilityStatementPageControleAutomatiqueAxeCore = 'Contrôle automatique axe-core';
export const accessibilityStatementPageDeChaqueEcranListe =
  'de chaque écran (liste, fiche d’une prédiction ouverte et résolue, municipales, actualités, pages d’information, menus, bandeau cookies, administration), en thème clair et en thème sombre, sur téléphone et sur grand écran\u00a0: aucune erreur relevée.';
export const accessibilityStatementPageNavigationAuClavier = 'Navigation au clavier';
export const accessibilityStatementPageLeLienAllerAux =
  '\u00a0: le lien «\u00a0Aller aux prédictions\u00a0» («\u00a0Aller au contenu\u00a0» sur les autres pages) vient en premier, puis, à la première visite, les boutons du bandeau cookies\u00a0; la touche Tab atteint ensuite les boutons OUI et NON de chaque carte\u00a0; après un vote, le focus va au message «\u00a0Vous avez voté\u00a0…\u00a0»\u00a0; le menu «\u00a0Plus\u00a0» s’ouvre avec Entrée et se ferme avec Échap en rendant le focus à son bouton.';
export const accessibilityStatementPageFocusVisible = 'Focus visible';
export const accessibilityStatementPageLElementQuiA =
  '\u00a0: l’élément qui a le focus clavier est entouré d’un contour d’au moins 2 pixels.';
export const accessibilityStatementPageZoomA200 = 'Zoom à 200\u00a0%';
export const accessibilityStatementPageSurUnTelephoneDe =
  '\u00a0: sur un téléphone de 390\u00a0pixels de large zoomé à 200\u00a0% (195 pixels utiles), l’accueil, la fiche d’une prédiction, les actualités, Municipales et la fiche d’une commune, Transparence des votes, Voter à la chaîne, Mon bilan, la documentation, les mentions légales, les politiques de cookies et de confidentialité et cette déclaration restent lisibles sans défilement horizontal.';
export const accessibilityStatementPageNomsAccessiblesDesResultats = 'Noms accessibles des résultats';
export const accessibilityStatementPageLAnneauDeProbabilite =
  '\u00a0: l’anneau de probabilité est lu «\u00a0Probabilité de OUI\u00a0: 46\u00a0%. Les participants penchent pour le NON.\u00a0», les boutons de vote «\u00a0Voter OUI\u00a0:\u00a0» suivi de la question, et les résultats indiquent le pourcentage et le nombre de votes de chaque réponse.';
export const accessibilityStatementPageContenusNonAccessibles = 'Contenus non accessibles';
export const accessibilityStatementPageLesDefautsSuivantsSont = 'Les défauts suivants sont connus et restent à corriger\u00a0:';
export const accessibilityStatementPageEtablissementDeCetteDeclaration = 'Établissement de cette déclaration';
export const accessibilityStatementPageCetteDeclarationAEte = 'Cette déclaration a été établie le ';
export const accessibilityStatementPageTechnologiesUtilisees = 'Technologies utilisées';
export const accessibilityStatementPageHtmlCssJavascriptWai = 'HTML, CSS, JavaScript, WAI-ARIA';
export const accessibilityStatementPageEnvironnementDeTest = 'Environnement de test';
export const accessibilityStatementPageChromiumSurUnEcran =
  'Chromium, sur un écran de téléphone (390\u00a0× 844) et un grand écran (1440\u00a0× 900)';
export const accessibilityStatementPageOutilsDEvaluation = 'Outils d’évaluation';
export const accessibilityStatementPageAxeCoreEtDes =
  'axe-core, et des tests de navigateur Playwright pour le clavier, le focus, le zoom et les noms accessibles';
export const accessibilityStatementPagePagesVerifiees = 'Pages vérifiées';
export const accessibilityStatementPageAccueilFicheDUne =
  'Accueil, fiche d’une prédiction, Municipales, Actualités, Transparence des votes, Mon bilan, Voter à la chaîne, Documentation, Mentions légales, Politique de cookies, Politique de confidentialité et cette déclaration';
export const accessibilityStatementPageRetourDInformationEt = 'Retour d’information et contact';
export const accessibilityStatementPageSiVousNArrivez =
  'Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme\u00a0:';
export const accessibilityStatementPageParCourriel = 'par courriel\u00a0: ';
export const accessibilityStatementPageParCourrier = 'par courrier\u00a0: ';
export const accessibilityStatementPageVoiesDeRecours = 'Voies de recours';
export const accessibilityStatementPageSiVousNousAvez =
  'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez\u00a0:';
export const accessibilityStatementPageEcrireUnMessageAu = 'écrire un message au Défenseur des droits par son';
export const accessibilityStatementPageFormulaireEnLigne = 'formulaire en ligne';
export const accessibilityStatementPageContacter = 'contacter ';
export const accessibilityStatementPageLeDelegueDuDefenseur = 'le délégué du Défenseur des droits';
export const accessibilityStatementPageDeVotreRegion = 'de votre région\u00a0;';
export const accessibilityStatementPageEnvoyerUnCourrierPar =
  'envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)\u00a0:';
export const accessibilityStatementPageDefenseurDesDroitsLibre =
  'Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07';
