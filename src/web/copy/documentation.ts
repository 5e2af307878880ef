/** features/legal/components/documentation-page.tsx */
export const documentationPageLastSeparator = ' ou ';
export const documentationPageOpenQuote = '« ';
export const documentationPageTous = 'Tous';
export const documentationPageToutesLesPredictions = 'toutes les prédictions';
export const documentationPageVotes = 'Votés';
export const documentationPageCellesOuVousAvez = 'celles où vous avez déjà voté';
export const documentationPageNonVotes = 'Non votés';
export const documentationPageCellesQuiAttendentEncore = 'celles qui attendent encore votre avis';
export const documentationPageChargement = 'Chargement…';
export const documentationPageUnSeulVoteEst = 'Un seul vote est compté par prédiction et par appareil.';
export const documentationPageDocumentation = 'Documentation';
export const documentationPageToutCeQuIl = 'Tout ce qu’il faut savoir pour prédire l’avenir de La Réunion avec ';
export const documentationPageQuEstCeQue = (name: string | number) => `Qu’est-ce que ${name} ?`;
export const documentationPageEstUneApplicationWeb =
  'est une application web publique et gratuite où chacun peut donner son avis sur l’actualité de l’île : pour chaque prédiction, vous votez ';
export const documentationPageOui = 'OUI';
export const documentationPageOu = 'ou ';
export const documentationPageNon = 'NON';
export const documentationPageEtVousSuivezLes = 'et vous suivez les résultats en direct.';
export const documentationPagePasDeCompteNi =
  'Pas de compte ni d’inscription : votre appareil est reconnu par une empreinte anonyme, ce qui limite les votes en double. La rubrique ';
export const documentationPageElectionsMunicipales = 'Élections Municipales';
export const documentationPageVousPermetAussiDe = 'vous permet aussi de choisir un candidat par commune pour 2026, et la page ';
export const documentationPageActualites = 'Actualités';
export const documentationPageRassembleLesInformationsDu = 'rassemble les informations du moment et les alertes météo.';
export const documentationPageLesCategories = 'Les catégories';
export const documentationPageChaquePredictionAppartientA = 'Chaque prédiction appartient à l’une des ';
export const documentationPageCategoriesSuivantes = 'catégories suivantes :';
export const documentationPageLesFiltres = 'Les filtres';
export const documentationPageRecherche = 'Recherche';
export const documentationPageTapezUnMotPar =
  ': tapez un mot (par exemple « Cyclone » ou « Saint-Denis ») pour trouver les prédictions dont le titre, la description ou le nom de la catégorie le contient. Les suggestions sous la barre de recherche lancent une recherche en un clic.';
export const documentationPageCategorie = 'Catégorie';
export const documentationPageToutesCategoriesOuUne = ': « Toutes catégories » ou une seule catégorie à la fois.';
export const documentationPageStatutDeVote = 'Statut de vote';
export const documentationPagePourAfficher = '» pour afficher ';
export const documentationPageLesFiltresSeCombinent =
  'Les filtres se combinent : vous pouvez par exemple chercher « route » parmi les prédictions Transport non votées.';
export const documentationPageQuestionsFrequentes = 'Questions fréquentes';
export const documentationPageCombienDeFoisPuis = 'Combien de fois puis-je voter ?';
export const documentationPageUnSeulVotePar = 'Un seul vote par prédiction : chaque appareil compte pour un participant.';
export const documentationPagePuisJeChangerMon = 'Puis-je changer mon vote ?';
export const documentationPageFautIlCreerUn = 'Faut-il créer un compte ?';
export const documentationPageNonAucunCompteAucun =
  'Non. Aucun compte, aucun mot de passe : une empreinte anonyme de votre navigateur suffit à reconnaître vos votes.';
export const documentationPageLesResultatsSontIls = 'Les résultats sont-ils en direct ?';
export const documentationPageOuiLesPourcentagesSe =
  'Oui. Les pourcentages se mettent à jour automatiquement, quelques instants après chaque vote, sans recharger la page.';
export const documentationPageCommentVoterAuxElections = 'Comment voter aux élections municipales ?';
export const documentationPageOuvrezUneCommuneChoisissez =
  'Ouvrez une commune, choisissez un candidat puis touchez « Confirmer le vote ». Un seul vote est possible par commune et il ne peut plus être modifié ensuite.';
export const documentationPageQueSePasseT = 'Que se passe-t-il quand une prédiction est terminée ?';
export const documentationPageLesVotesNeSont =
  'Les votes ne sont plus acceptés après la date de fin ; les résultats restent consultables.';
