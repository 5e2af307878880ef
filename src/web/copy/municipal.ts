/** features/municipal/components/commune-history.tsx */
export const communeHistoryCopy = {
  evolutionDesCandidats: 'Évolution des candidats',
  pasEncoreDePart: (name: string | number) => `${name} : pas encore de part`,
} as const;

/** features/municipal/components/commune-card.tsx */
export const communeCardCopy = {
  tendance: 'Tendance',
  troisPremiersCandidatsA: (name: string | number) => `Trois premiers candidats à ${name}`,
  vousAvezVote: 'Vous avez voté',
  voter: 'Voter →',
} as const;

/** features/municipal/components/municipal-page.tsx */
export const municipalPageCopy = {
  communeCount: (count: number) => `${count} ${count > 1 ? 'communes' : 'commune'}`,
  plusDeVotes: 'Plus de votes',
  aleatoire: 'Aléatoire',
  electionsMunicipales: 'Élections Municipales',
  ileDeLaReunion: 'Île de la Réunion • 2026',
  trierLesCommunes: 'Trier les communes',
  chargementDesElections: 'Chargement des élections…',
  aucuneElectionDisponible: 'Aucune élection disponible',
  lesElectionsMunicipalesSeront: 'Les élections municipales seront bientôt disponibles',
  enTendance: 'En tendance',
  communes: 'Communes',
  toutesLesCommunes: 'Toutes les communes',
} as const;

/** features/municipal/components/commune-detail.tsx */
export const communeDetailCopy = {
  voteEnCours: 'Vote en cours...',
  confirmerLeVote: 'Confirmer le vote',
  merciVotreVotePour: (votedName: string | number) => `Merci, votre vote pour ${votedName} est enregistré`,
  merciVotreVoteEst: 'Merci, votre vote est enregistré',
  vousAvezDejaVote: 'Vous avez déjà voté pour cette élection',
  votreChoix: (recordName: string | number) => `Votre choix\u00a0: ${recordName}`,
  resultats: 'Résultats',
  choisissezVotreCandidat: 'Choisissez votre candidat',
  chargementDesCandidats: 'Chargement des candidats…',
  votreChoix2: 'Votre choix',
  neMontrerQueLes: 'Ne montrer que les 3 premiers',
} as const;
