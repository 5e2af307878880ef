/** features/legal/components/documentation-page.tsx */
export const documentationPageCopy = {
  tous: 'Tous',
  toutesLesPredictions: 'toutes les prédictions',
  votes: 'Votés',
  cellesOuVousAvez: 'celles où vous avez déjà voté',
  nonVotes: 'Non votés',
  cellesQuiAttendentEncore: 'celles qui attendent encore votre avis',
  chargement: 'Chargement…',
  unSeulVoteEst: 'Un seul vote est compté par prédiction et par appareil.',
  documentation: 'Documentation',
  toutCeQuIl: 'Tout ce qu’il faut savoir pour prédire l’avenir de La Réunion avec ',
  quEstCeQue: (name: string | number) => `Qu’est-ce que ${name} ?`,
  estUneApplicationWeb:
    'est une application web publique et gratuite où chacun peut donner son avis sur l’actualité de l’île : pour chaque prédiction, vous votez ',
  oui: 'OUI',
  ou: 'ou ',
  non: 'NON',
  etVousSuivezLes: 'et vous suivez les résultats en direct.',
  pasDeCompteNi:
    'Pas de compte ni d’inscription : votre appareil est reconnu par une empreinte anonyme, ce qui limite les votes en double. La rubrique ',
  electionsMunicipales: 'Élections Municipales',
  vousPermetAussiDe: 'vous permet aussi de choisir un candidat par commune pour 2026, et la page ',
  actualites: 'Actualités',
  rassembleLesInformationsDu: 'rassemble les informations du moment et les alertes météo.',
  lesCategories: 'Les catégories',
  chaquePredictionAppartientA: 'Chaque prédiction appartient à l’une des ',
  categoriesSuivantes: 'catégories suivantes :',
  lesFiltres: 'Les filtres',
  recherche: 'Recherche',
  tapezUnMotPar:
    ': tapez un mot (par exemple « Cyclone » ou « Saint-Denis ») pour trouver les prédictions dont le titre, la description ou le nom de la catégorie le contient. Les suggestions sous la barre de recherche lancent une recherche en un clic.',
  categorie: 'Catégorie',
  toutesCategoriesOuUne: ': « Toutes catégories » ou une seule catégorie à la fois.',
  statutDeVote: 'Statut de vote',
  pourAfficher: '» pour afficher ',
  lesFiltresSeCombinent:
    'Les filtres se combinent : vous pouvez par exemple chercher « route » parmi les prédictions Transport non votées.',
  questionsFrequentes: 'Questions fréquentes',
  combienDeFoisPuis: 'Combien de fois puis-je voter ?',
  unSeulVotePar: 'Un seul vote par prédiction : chaque appareil compte pour un participant.',
  puisJeChangerMon: 'Puis-je changer mon vote ?',
  fautIlCreerUn: 'Faut-il créer un compte ?',
  nonAucunCompteAucun:
    'Non. Aucun compte, aucun mot de passe : une empreinte anonyme de votre navigateur suffit à reconnaître vos votes.',
  lesResultatsSontIls: 'Les résultats sont-ils en direct ?',
  ouiLesPourcentagesSe:
    'Oui. Les pourcentages se mettent à jour automatiquement, quelques instants après chaque vote, sans recharger la page.',
  commentVoterAuxElections: 'Comment voter aux élections municipales ?',
  ouvrezUneCommuneChoisissez:
    'Ouvrez une commune, choisissez un candidat puis touchez « Confirmer le vote ». Un seul vote est possible par commune et il ne peut plus être modifié ensuite.',
  queSePasseT: 'Que se passe-t-il quand une prédiction est terminée ?',
  lesVotesNeSont: 'Les votes ne sont plus acceptés après la date de fin ; les résultats restent consultables.',
} as const;
