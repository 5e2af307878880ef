import { firstOfTheMonth, frenchTypography } from '../../../../shared/format.js';
import type { TransparencyDay, TransparencyReport } from '../../../../shared/vote-protection.js';
import * as transparencyCopy from '../../../copy/transparency.js';

const count = new Intl.NumberFormat('fr-FR');

/** "2026-11-23" → "lundi 23 novembre 2026" (a calendar day of La Réunion, whatever the visitor's time zone). */
export function formatDay(isoDay: string): string {
  return firstOfTheMonth(
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDay}T12:00:00Z`)),
  );
}

export function formatCount(value: number): string {
  return count.format(value);
}

type DayColumn = { key: Exclude<keyof TransparencyDay, 'day'>; label: string; hint: string };

/**
 * The figures of one day, in the order and words of the table's columns; the labels with French spacing, so a
 * narrow column never starts a line with « : ».
 */
export const DAY_COLUMNS: readonly DayColumn[] = (<DayColumn[]>[
  {
    key: 'votesAccepted',
    label: transparencyCopy.transparencyTextVotesAcceptes,
    hint: transparencyCopy.transparencyTextVotesEnregistresPredictionsEt,
  },
  {
    key: 'participants',
    label: transparencyCopy.transparencyTextParticipants,
    hint: transparencyCopy.transparencyTextAppareilsDifferentsAyantVote,
  },
  {
    key: 'identitiesIssued',
    label: transparencyCopy.transparencyTextIdentitesDelivrees,
    hint: transparencyCopy.transparencyTextNouveauxAppareilsReconnusPar,
  },
  {
    key: 'refusedReplays',
    label: transparencyCopy.transparencyTextRefusesPreuveReutilisee,
    hint: transparencyCopy.transparencyTextUnePreuveDeTravail,
  },
  {
    key: 'refusedRateLimited',
    label: transparencyCopy.transparencyTextRefusesTropRapides,
    hint: transparencyCopy.transparencyTextAuDelaDesLimites,
  },
  {
    key: 'refusedProof',
    label: transparencyCopy.transparencyTextRefusesPreuveAbsenteOu,
    hint: transparencyCopy.transparencyTextPreuveManquanteFausseOu,
  },
  {
    key: 'burstsDetected',
    label: transparencyCopy.transparencyTextRafalesDetectees,
    hint: transparencyCopy.transparencyTextVotesGroupesVenusDe,
  },
  {
    key: 'votesExcluded',
    label: transparencyCopy.transparencyTextVotesExclusRafaleConcentree,
    hint: transparencyCopy.transparencyTextRetiresDesResultatsPublics,
  },
]).map((column) => ({ ...column, label: frenchTypography(column.label) }));

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
      level: transparencyCopy.transparencyTextDesactivee,
      sentence: transparencyCopy.transparencyTextLaProtectionEstDesactivee,
    };
  }
  const normal = transparencyCopy.transparencyTextEnTempsNormalUn(formatCount(difficulty.normal));
  const ratio = difficulty.normal > 0 ? difficulty.typical / difficulty.normal : 1;
  if (ratio < 1.5) {
    return { level: transparencyCopy.transparencyTextNormale, sentence: transparencyCopy.transparencyTextCEstCeQu(normal) };
  }
  return {
    level: transparencyCopy.transparencyTextRelevee,
    sentence: transparencyCopy.transparencyTextAujourdHuiLaPlupart(
      normal,
      formatCount(difficulty.typical),
      formatCount(Math.round(ratio)),
    ),
  };
}
