import { firstOfTheMonth } from '../../../../shared/format.js';
import type { ErasureResult } from '../../../../shared/privacy.js';

/** Texts of the static pages that depend on data: the vote-change rule, dates, the erasure summary. */
import type { VoteChangeRule } from '../../../../shared/health.js';
import * as legalCopy from '../../../copy/legal.js';

export const VOTE_CHANGE_ANSWERS: Record<VoteChangeRule, string> = {
  allowed: legalCopy.legalTextVousPouvezChangerD,
  forbidden: legalCopy.legalTextUnVoteNePeut,
};

export function voteChangeAnswer(rule: VoteChangeRule): string {
  return VOTE_CHANGE_ANSWERS[rule];
}

/** "2025-10-07" → "7 octobre 2025", whatever the visitor's time zone. */
export function formatFrenchDay(isoDay: string): string {
  return firstOfTheMonth(
    new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${isoDay}T12:00:00Z`),
    ),
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
    return legalCopy.legalTextVosDonneesOntEte;
  }
  const parts = [
    count(erasedVotes, legalCopy.legalTextVoteSupprime, legalCopy.legalTextVotesSupprimes),
    count(unlinkedVotes, legalCopy.legalTextVoteDetacheDeVotre, legalCopy.legalTextVotesDetachesDeVotre),
    count(erasedMunicipalVotes, legalCopy.legalTextVoteMunicipalSupprime, legalCopy.legalTextVotesMunicipauxSupprimes),
  ];
  if (unlinkedMunicipalVotes > 0) {
    parts.push(
      count(unlinkedMunicipalVotes, legalCopy.legalTextVoteMunicipalDetacheDe, legalCopy.legalTextVotesMunicipauxDetachesDe),
    );
  }
  return legalCopy.legalTextVosDonneesOntEte2(parts.join(', '));
}
