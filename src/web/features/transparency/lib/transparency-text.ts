import type { TransparencyDay, TransparencyReport } from '../../../../shared/vote-protection.js';

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
  { key: 'votesAccepted', label: 'Votes acceptés', hint: 'votes enregistrés, prédictions et communes' },
  { key: 'participants', label: 'Participants', hint: 'appareils différents ayant voté ce jour-là' },
  { key: 'identitiesIssued', label: 'Identités délivrées', hint: 'nouveaux appareils reconnus par le serveur' },
  { key: 'refusedReplays', label: 'Refusés : preuve réutilisée', hint: 'une preuve de travail déjà utilisée, renvoyée' },
  { key: 'refusedRateLimited', label: 'Refusés : trop rapides', hint: 'au-delà des limites de débit' },
  {
    key: 'refusedProof',
    label: 'Refusés : preuve absente ou invalide',
    hint: 'preuve manquante, fausse ou expirée, ou appareil non reconnu',
  },
  {
    key: 'burstsDetected',
    label: 'Rafales détectées',
    hint: 'votes groupés venus de peu d’adresses, d’identités toutes neuves, presque tous du même côté',
  },
  {
    key: 'votesExcluded',
    label: 'Votes exclus (rafale concentrée)',
    hint: 'retirés des résultats publics après examen d’une rafale ; conservés, ils peuvent être réintégrés',
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
      level: 'Désactivée',
      sentence: 'La protection est désactivée sur ce serveur : aucun calcul n’est demandé aux appareils.',
    };
  }
  const normal = `En temps normal, un vote demande à votre appareil environ ${formatCount(difficulty.normal)} calculs, une fraction de seconde sur un téléphone.`;
  const ratio = difficulty.normal > 0 ? difficulty.typical / difficulty.normal : 1;
  if (ratio < 1.5) {
    return { level: 'Normale', sentence: `${normal} C’est ce qu’ont demandé la plupart des votes aujourd’hui.` };
  }
  return {
    level: 'Relevée',
    sentence: `${normal} Aujourd’hui, la plupart des votes en ont demandé environ ${formatCount(difficulty.typical)}, soit ${formatCount(Math.round(ratio))} fois plus.`,
  };
}
