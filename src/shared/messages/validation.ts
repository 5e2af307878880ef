/**
 * Refusals of malformed requests, as the validation schemas word them (src/shared/schemas.ts,
 * src/shared/vote-protection.ts): the API answers them after « Requête invalide : ».
 */
export const VALIDATION_MESSAGES = {
  proofNotText: 'La preuve de travail doit être un texte',
  idInvalid: 'Identifiant invalide',
  voteTypeInvalid: 'voteType doit valoir "yes" ou "no"',
  isoDateExpected: 'Date ISO 8601 attendue',
  newIdNotText: 'L’identifiant doit être un texte',
  newIdEmpty: 'L’identifiant ne peut pas être vide',
  newIdTooLong: 'L’identifiant ne doit pas dépasser 80 caractères',
  newIdInvalid: 'Identifiant invalide : lettres, chiffres, « - » et « _ » seulement',
  trendingInvalid: 'trending doit valoir true ou false',
  titleNotText: 'Le titre doit être un texte',
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  titleTooLong: 'Le titre ne doit pas dépasser 200 caractères',
  descriptionNotText: 'La description doit être un texte',
  descriptionTooLong: 'La description ne doit pas dépasser 2000 caractères',
  descriptionControlCharacter:
    'La description ne doit pas contenir de caractère de contrôle (tabulation, caractère nul…) ; seuls les retours à la ligne sont permis',
  outcomeInvalid: 'outcome doit valoir "yes" ou "no"',
  nameNotText: 'Le nom doit être un texte',
  nameTooShort: 'Le nom doit contenir au moins 2 caractères',
  nameTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  pressUrlInvalid: 'pressUrl doit être une adresse web http(s) complète',
  pressUrlCredentials: 'pressUrl ne doit contenir ni identifiant ni mot de passe (partie « …@ » avant le nom du site)',
  publishedBefore2000: 'La date de publication ne peut pas être antérieure au 1er janvier 2000',
  alertKindInvalid: 'kind doit valoir "cyclone" ou "pluies"',
  alertEndBeforeIssue: 'la fin de l’alerte doit être postérieure à son émission',
  alertLevelUnknown: 'Niveau d’alerte inconnu',
  endDateNotFuture: 'La date de fin doit être dans le futur',
  publishedInFuture: 'La date de publication ne peut pas être dans le futur',
  alertEndTooFar: 'La fin de l’alerte ne peut pas être à plus d’un an',
  rangeInvalid: 'range doit valoir "24h", "7d", "30d" ou "all"',
  pageInvalid: 'page doit être un entier de 1 à 999999',
  searchTooLong: 'search fait au plus 200 caractères',
  categoryInvalid: 'category doit être l’identifiant d’une catégorie',
  votesFilterInvalid: 'votes doit valoir "voted" ou "not-voted"',
  votesFilterNeedsFingerprint: 'votes demande le fingerprint de l’appareil',
  statusFilterInvalid: 'status doit valoir "open" ou "resolved"',
  sortInvalid: 'sort doit valoir "ending"',
  filtersNeedPage: 'search, category, votes, status et sort vont avec page',
  purposeInvalid: 'purpose doit valoir "identity", "vote" ou "municipal"',
} as const;

/** The admin texts' names, as the refusals start with them. */
export const VALIDATION_FIELDS = {
  title: 'Le titre',
  name: 'Le nom',
  summary: 'Le résumé',
  author: 'L’auteur',
  zone: 'La zone',
  advice: 'La consigne',
} as const;

/** Refusals that name a field (`field`: "Le titre", "L’auteur", "readTime"…) or list the allowed values. */
export const validationText = {
  controlCharacter: (field: string) =>
    `${field} ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)`,
  notText: (field: string) => `${field} doit être un texte`,
  empty: (field: string) => `${field} ne peut pas être vide`,
  tooShort: (field: string, min: number) => `${field} doit contenir au moins ${min} caractères`,
  tooLong: (field: string, max: number) => `${field} ne doit pas dépasser ${max} caractères`,
  notInteger: (field: string) => `${field} doit être un nombre entier`,
  atLeast: (field: string, min: number) => `${field} doit être au moins ${min}`,
  atMost: (field: string, max: number) => `${field} ne doit pas dépasser ${max}`,
  unknownCategory: (ids: readonly string[]) => `Catégorie inconnue (valeurs possibles : ${ids.join(', ')})`,
  unknownCycloneLevel: (levels: readonly string[]) => `Niveau inconnu pour un cyclone (valeurs possibles : ${levels.join(', ')})`,
  unknownRainLevel: (levels: readonly string[]) => `Niveau inconnu pour les pluies (valeurs possibles : ${levels.join(', ')})`,
  /** The sentence of `describeIssue`, after « Requête invalide ». */
  unknownFields: (invalidRequest: string, keys: readonly string[]) => `${invalidRequest} : champ inconnu ${keys.join(', ')}`,
  missingField: (invalidRequest: string, path: string) => `${invalidRequest} : champ ${path} manquant`,
  fieldIssue: (invalidRequest: string, path: string, message: string) => `${invalidRequest} : ${path} — ${message}`,
  issue: (invalidRequest: string, message: string) => `${invalidRequest} : ${message}`,
};
