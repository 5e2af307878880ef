/** features/legal/components/accessibility-statement-page.tsx */
export const accessibilityStatementPageCopy = {
  focusALaFermeture: 'Focus à la fermeture de «\u00a0Comment ça marche\u00a0?\u00a0»',
  laFenetreQuiS:
    '\u00a0: la fenêtre qui s’ouvre à la première visite rend le focus au début de la page, et non à l’endroit où vous étiez (WCAG 2.4.3).',
  zoomA200Sur: 'Zoom à 200\u00a0% sur téléphone',
  surToutesLesPages: '\u00a0: sur toutes les pages, les libellés de la barre d’onglets du bas se chevauchent (WCAG 1.4.4).',
  ecouteAvecUnLecteur: 'Écoute avec un lecteur d’écran',
  aucunParcoursNA:
    '\u00a0: aucun parcours n’a encore été vérifié avec NVDA, JAWS, VoiceOver ou TalkBack\u00a0; des défauts d’annonce peuvent subsister.',
  declarationDAccessibilite: 'Déclaration d’accessibilité',
  sEngageARendre:
    's’engage à rendre son site accessible conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration d’accessibilité s’applique au site ',
  etAToutesSes: 'et à toutes ses pages.',
  etatDeConformite: 'État de conformité',
  leSite: 'Le site ',
  est: 'est ',
  nonConforme: 'non conforme',
  avecLeReferentielGeneral: 'avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1.2.',
  aucunAuditCompletDu:
    'Aucun audit complet du RGAA n’a encore été réalisé\u00a0: sans audit, le taux de conformité n’est pas mesuré et le RGAA impose cette mention, quel que soit le soin apporté au site. Les vérifications décrites ci-dessous ont été faites et sont refaites à chaque modification du site, mais elles ne couvrent pas tous les critères.',
  ceQuiAEte: 'Ce qui a été vérifié, et comment',
  chacuneDeCesVerifications: 'Chacune de ces vérifications est un test automatique, rejoué avant chaque mise en ligne\u00a0:',
  controleAutomatiqueAxeCore: 'Contrôle automatique axe-core',
  deChaqueEcranListe:
    'de chaque écran (liste, fiche d’une prédiction ouverte et résolue, municipales, actualités, pages d’information, menus, bandeau cookies, administration), en thème clair et en thème sombre, sur téléphone et sur grand écran\u00a0: aucune erreur relevée.',
  navigationAuClavier: 'Navigation au clavier',
  leLienAllerAux:
    '\u00a0: le lien «\u00a0Aller aux prédictions\u00a0» («\u00a0Aller au contenu\u00a0» sur les autres pages) vient en premier, puis, à la première visite, les boutons du bandeau cookies\u00a0; la touche Tab atteint ensuite les boutons OUI et NON de chaque carte\u00a0; après un vote, le focus va au message «\u00a0Vous avez voté\u00a0…\u00a0»\u00a0; le menu «\u00a0Plus\u00a0» s’ouvre avec Entrée et se ferme avec Échap en rendant le focus à son bouton.',
  focusVisible: 'Focus visible',
  lElementQuiA: '\u00a0: l’élément qui a le focus clavier est entouré d’un contour d’au moins 2 pixels.',
  zoomA200: 'Zoom à 200\u00a0%',
  surUnTelephoneDe:
    '\u00a0: sur un téléphone de 390\u00a0pixels de large zoomé à 200\u00a0% (195 pixels utiles), l’accueil, la fiche d’une prédiction, les actualités, Municipales et la fiche d’une commune, Transparence des votes, Voter à la chaîne, Mon bilan, la documentation, les mentions légales, les politiques de cookies et de confidentialité et cette déclaration restent lisibles sans défilement horizontal.',
  nomsAccessiblesDesResultats: 'Noms accessibles des résultats',
  lAnneauDeProbabilite:
    '\u00a0: l’anneau de probabilité est lu «\u00a0Probabilité de OUI\u00a0: 46\u00a0%. Les participants penchent pour le NON.\u00a0», les boutons de vote «\u00a0Voter OUI\u00a0:\u00a0» suivi de la question, et les résultats indiquent le pourcentage et le nombre de votes de chaque réponse.',
  contenusNonAccessibles: 'Contenus non accessibles',
  lesDefautsSuivantsSont: 'Les défauts suivants sont connus et restent à corriger\u00a0:',
  etablissementDeCetteDeclaration: 'Établissement de cette déclaration',
  cetteDeclarationAEte: 'Cette déclaration a été établie le ',
  technologiesUtilisees: 'Technologies utilisées',
  htmlCssJavascriptWai: 'HTML, CSS, JavaScript, WAI-ARIA',
  environnementDeTest: 'Environnement de test',
  chromiumSurUnEcran: 'Chromium, sur un écran de téléphone (390\u00a0× 844) et un grand écran (1440\u00a0× 900)',
  outilsDEvaluation: 'Outils d’évaluation',
  axeCoreEtDes: 'axe-core, et des tests de navigateur Playwright pour le clavier, le focus, le zoom et les noms accessibles',
  pagesVerifiees: 'Pages vérifiées',
  accueilFicheDUne:
    'Accueil, fiche d’une prédiction, Municipales, Actualités, Transparence des votes, Mon bilan, Voter à la chaîne, Documentation, Mentions légales, Politique de cookies, Politique de confidentialité et cette déclaration',
  retourDInformationEt: 'Retour d’information et contact',
  siVousNArrivez:
    'Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme\u00a0:',
  parCourriel: 'par courriel\u00a0: ',
  parCourrier: 'par courrier\u00a0: ',
  voiesDeRecours: 'Voies de recours',
  siVousNousAvez:
    'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez\u00a0:',
  ecrireUnMessageAu: 'écrire un message au Défenseur des droits par son',
  formulaireEnLigne: 'formulaire en ligne',
  contacter: 'contacter ',
  leDelegueDuDefenseur: 'le délégué du Défenseur des droits',
  deVotreRegion: 'de votre région\u00a0;',
  envoyerUnCourrierPar: 'envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)\u00a0:',
  defenseurDesDroitsLibre: 'Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07',
} as const;
