import type { ErasureResult } from '../../../../shared/privacy.js';

/** Texts of the static pages that depend on data: the vote-change rule, dates, the erasure summary. */
import type { VoteChangeRule } from '../../../../shared/health.js';

export const VOTE_CHANGE_ANSWERS: Record<VoteChangeRule, string> = {
  allowed:
    "Vous pouvez changer d'avis tant que la prédiction est ouverte : votre vote passe de OUI à NON (ou l'inverse), sans compter un participant de plus.",
  forbidden: 'Un vote ne peut pas être modifié.',
};

export function voteChangeAnswer(rule: VoteChangeRule): string {
  return VOTE_CHANGE_ANSWERS[rule];
}

/** "2025-10-07" → "7 octobre 2025", whatever the visitor's time zone. */
export function formatFrenchDay(isoDay: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T12:00:00Z`),
  );
}

export const EXPORT_FILE_NAME = 'predi974-mes-donnees.json';

function count(value: number, singular: string, plural: string): string {
  return `${value} ${value > 1 ? plural : singular}`;
}

/** The French confirmation shown once the server has erased the visitor's data. */
export function erasureSummary({
  erasedVotes,
  unlinkedVotes,
  erasedMunicipalVotes,
  unlinkedMunicipalVotes = 0,
}: ErasureResult): string {
  if (erasedVotes + unlinkedVotes + erasedMunicipalVotes + unlinkedMunicipalVotes === 0) {
    return 'Vos données ont été effacées : aucun vote n’était associé à cet appareil.';
  }
  const parts = [
    count(erasedVotes, 'vote supprimé', 'votes supprimés'),
    count(unlinkedVotes, 'vote détaché de votre appareil', 'votes détachés de votre appareil'),
    count(erasedMunicipalVotes, 'vote municipal supprimé', 'votes municipaux supprimés'),
  ];
  if (unlinkedMunicipalVotes > 0) {
    parts.push(
      count(unlinkedMunicipalVotes, 'vote municipal détaché de votre appareil', 'votes municipaux détachés de votre appareil'),
    );
  }
  return `Vos données ont été effacées : ${parts.join(', ')}.`;
}
