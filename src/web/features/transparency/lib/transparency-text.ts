import type { TransparencyDay, TransparencyReport } from '../../../../shared/vote-protection.js';
import { transparencyTextCopy } from '../../../copy/transparency.js';

const count = new Intl.NumberFormat('fr-FR');

/** "2026-11-23" → "lundi 23 novembre 2026" (a calendar day of La Réunion, whatever the visitor's time zone). */
export function formatDay(isoDay: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T12:00:00Z`));
}

export function formatCount(value: number): string {
  return count.format(value);
}

/** The figures of one day, in the order and words of the table's columns. */
export const DAY_COLUMNS: readonly { key: Exclude<keyof TransparencyDay, 'day'>; label: string; hint: string }[] = [
  { key: 'votesAccepted', label: transparencyTextCopy.votesAcceptes, hint: transparencyTextCopy.votesEnregistresPredictionsEt },
  { key: 'participants', label: transparencyTextCopy.participants, hint: transparencyTextCopy.appareilsDifferentsAyantVote },
  {
    key: 'identitiesIssued',
    label: transparencyTextCopy.identitesDelivrees,
    hint: transparencyTextCopy.nouveauxAppareilsReconnusPar,
  },
  { key: 'refusedReplays', label: transparencyTextCopy.refusesPreuveReutilisee, hint: transparencyTextCopy.unePreuveDeTravail },
  { key: 'refusedRateLimited', label: transparencyTextCopy.refusesTropRapides, hint: transparencyTextCopy.auDelaDesLimites },
  {
    key: 'refusedProof',
    label: transparencyTextCopy.refusesPreuveAbsenteOu,
    hint: transparencyTextCopy.preuveManquanteFausseOu,
  },
  {
    key: 'burstsDetected',
    label: transparencyTextCopy.rafalesDetectees,
    hint: transparencyTextCopy.votesGroupesVenusDe,
  },
  {
    key: 'votesExcluded',
    label: transparencyTextCopy.votesExclusRafaleConcentree,
    hint: transparencyTextCopy.retiresDesResultatsPublics,
  },
];

export interface DifficultyText {
  /** "Normale" or "Relevée". */
  level: string;
  sentence: string;
}

/** The difficulty in plain words: expected calculations for a vote in normal times, and what most votes paid today. */
export function difficultyText({
  protection,
  difficulty,
}: Pick<TransparencyReport, 'protection' | 'difficulty'>): DifficultyText {
  if (protection === 'off') {
    return {
      level: transparencyTextCopy.desactivee,
      sentence: transparencyTextCopy.laProtectionEstDesactivee,
    };
  }
  const normal = transparencyTextCopy.enTempsNormalUn(formatCount(difficulty.normal));
  const ratio = difficulty.normal > 0 ? difficulty.typical / difficulty.normal : 1;
  if (ratio < 1.5) {
    return { level: transparencyTextCopy.normale, sentence: transparencyTextCopy.cEstCeQu(normal) };
  }
  return {
    level: transparencyTextCopy.relevee,
    sentence: transparencyTextCopy.aujourdHuiLaPlupart(normal, formatCount(difficulty.typical), formatCount(Math.round(ratio))),
  };
}
