/** features/municipal/components/commune-history.tsx */
export const communeHistoryEvolutionDesCandidats = 'Évolution des candidats';
export const communeHistoryPasEncoreDePart = (name: string | number) => `${name} : pas encore de part`;

/** features/municipal/components/commune-card.tsx */
export const communeCardTendance = 'Tendance';
export const communeCardTroisPremiersCandidatsA = (name: string | number) => `Trois premiers candidats à ${name}`;
export const communeCardVousAvezVote = 'Vous avez voté';
export const communeCardVoter = 'Voter →';
export const communeCardVoteEnAttente = 'Vote en attente';

/** features/municipal/components/municipal-page.tsx */
export const municipalPageCommuneCount = (count: number) => `${count} ${count > 1 ? 'communes' : 'commune'}`;
export const municipalPagePlusDeVotes = 'Plus de votes';
export const municipalPageAleatoire = 'Aléatoire';
export const municipalPageElectionsMunicipales = 'Élections Municipales';
export const municipalPageIleDeLaReunion = 'Île de la Réunion • 2026';
export const municipalPageTrierLesCommunes = 'Trier les communes';
export const municipalPageChargementDesElections = 'Chargement des élections…';
export const municipalPageAucuneElectionDisponible = 'Aucune élection disponible';
export const municipalPageLesElectionsMunicipalesSeront = 'Les élections municipales seront bientôt disponibles';
export const municipalPageEnTendance = 'En tendance';
export const municipalPageCommunes = 'Communes';
export const municipalPageToutesLesCommunes = 'Toutes les communes';

/** features/municipal/components/commune-detail.tsx */
export const communeDetailVoteEnCours = 'Vote en cours...';
export const communeDetailConfirmerLeVote = 'Confirmer le vote';
export const communeDetailMerciVotreVotePour = (votedName: string | number) =>
  `Merci, votre vote pour ${votedName} est enregistré`;
export const communeDetailMerciVotreVoteEst = 'Merci, votre vote est enregistré';
export const communeDetailVousAvezDejaVote = 'Vous avez déjà voté pour cette élection';
export const communeDetailVotreChoix = (recordName: string | number) => `Votre choix\u00a0: ${recordName}`;
export const communeDetailResultats = 'Résultats';
export const communeDetailChoisissezVotreCandidat = 'Choisissez votre candidat';
export const communeDetailChargementDesCandidats = 'Chargement des candidats…';
export const communeDetailVotreChoix2 = 'Votre choix';
export const communeDetailVotreChoixEnAttente = 'Votre choix, en attente';
export const communeDetailVoteEnAttente = (name: string) => `Vote pour ${name} en attente.`;
export const communeDetailVoteEnAttente2 = 'Vote en attente.';
export const communeDetailNeMontrerQueLes = 'Ne montrer que les 3 premiers';
