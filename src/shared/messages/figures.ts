/**
 * Sentences and labels built from figures, shared by the server's pages and the browser: a prediction's
 * status, the share descriptions, the history curves told in words, the vote chain's tally. Percentages and
 * counts come in already formatted (src/shared/format.ts).
 */

/** A card's countdown, its end and its outcome ("12j restants", "Terminé", "Résolu", "Résultat : OUI"). */
export const STATUS_LABELS = {
  ended: 'Terminé',
  resolved: 'Résolu',
} as const;

export const statusText = {
  daysLeft: (days: number) => `${days}j restants`,
  result: (outcome: 'yes' | 'no') => `Résultat : ${outcome === 'yes' ? 'OUI' : 'NON'}`,
};

/** The share descriptions of a prediction and of a commune (og:description, the share button's text). */
export const shareDescriptionText = {
  predictionFigures: (yesPercent: string, votes: string) => `OUI ${yesPercent} · ${votes}`,
  open: (figures: string, siteName: string) => `${figures} — votez sur ${siteName}`,
  closed: (figures: string, status: string, siteName: string) => `${figures} · ${status} — les résultats sur ${siteName}`,
  noVoteYet: (siteName: string) => `Aucun vote pour l’instant — votez sur ${siteName}`,
  commune: (parts: readonly string[], siteName: string) => `${parts.join(' · ')} — votez sur ${siteName}`,
};

/** A history's range in words, ending its one-sentence summary. */
export const RANGE_SPANS_IN_WORDS = {
  '24h': 'en 24 heures',
  '7d': 'en 7 jours',
  '30d': 'en 30 jours',
  all: 'depuis le premier vote',
} as const;

/** The curves in one sentence (percentages already formatted, `span` from RANGE_SPANS_IN_WORDS). */
export const historyText = {
  yesStayed: (to: string, span: string) => `OUI est resté à ${to} ${span}`,
  yesMoved: (from: string, to: string, span: string) => `OUI est passé de ${from} à ${to} ${span}`,
  candidateStayed: (name: string, to: string, span: string) => `${name}\u00A0: toujours ${to} ${span}`,
  candidateMoved: (name: string, from: string, to: string, span: string) => `${name}\u00A0: de ${from} à ${to} ${span}`,
};

/** "2 OUI, 1 NON, 3 passées": the vote chain's three counts, "passée" agreeing with its number. */
export function tallyText(yes: number, no: number, skipped: number): string {
  return `${yes} OUI, ${no} NON, ${skipped} ${skipped > 1 ? 'passées' : 'passée'}`;
}

/** Counts and times in words (the numbers already formatted, src/shared/format.ts). */
export const formatText = {
  /** "1 234 votes", "1 vote", "0 vote" (French: the plural starts at two). */
  votes: (count: number, formatted: string) => `${formatted} ${count > 1 ? 'votes' : 'vote'}`,
  /** "24 novembre à 14 h 05". */
  dayAndTime: (dayMonth: string, hour: string, minute: string) => `${dayMonth} à ${hour} h ${minute}`,
  /** "Voir les 3 autres candidats", and for a single one "Voir l’autre candidat". */
  otherCandidates: (count: number, formatted: string) =>
    count === 1 ? 'Voir l’autre candidat' : `Voir les ${formatted} autres candidats`,
};
