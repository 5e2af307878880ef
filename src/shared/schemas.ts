import { z } from 'zod';
import { CATEGORY_IDS } from './categories.js';
import { MESSAGES, PROTECTION_MESSAGES } from './messages.js';
import { HISTORY_RANGES } from './history.js';
import { CYCLONE_LEVELS, NEWS_CATEGORIES, RAIN_LEVELS } from './news.js';

/** The identity a browser sends: a SHA-256 hex digest. */
export const fingerprintSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fingerprintMissing : MESSAGES.fingerprintInvalid) })
  .regex(/^[0-9a-f]{64}$/, { error: MESSAGES.fingerprintInvalid });

/**
 * Control characters: C0 (NUL…US), DEL and C1. Invisible on screen, and PostgreSQL refuses NUL in text
 * outright, so a text accepted on SQLite could not even be copied to PostgreSQL (db:copy). Refused in
 * every text field; a description may hold line breaks (LF), the only control with a meaning there.
 */
// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER_BUT_LINE_FEED = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string, options: { lineFeedAllowed?: boolean } = {}): boolean {
  return (options.lineFeedAllowed ? CONTROL_CHARACTER_BUT_LINE_FEED : CONTROL_CHARACTER).test(text);
}

/** The solution sent with a request: the base64 ALTCHA payload. */
export const proofSchema = z
  .string({ error: 'La preuve de travail doit être un texte' })
  .min(1, { error: PROTECTION_MESSAGES.proofMissing })
  .max(4096, { error: PROTECTION_MESSAGES.proofInvalid })
  .refine((text) => !hasControlCharacters(text), { error: PROTECTION_MESSAGES.proofInvalid });

export const idSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Identifiant invalide' });

export const voteTypeSchema = z.enum(['yes', 'no'], { error: 'voteType doit valoir "yes" ou "no"' });

export const castVoteBodySchema = z.strictObject({
  marketId: idSchema,
  voteType: voteTypeSchema,
  fingerprint: fingerprintSchema,
  /** Required by the vote protection when it is on (see vote-protection.ts). */
  proof: proofSchema.optional(),
});

export const fingerprintQuerySchema = z.strictObject({ fingerprint: fingerprintSchema });

export const municipalVoteBodySchema = z.strictObject({
  candidateId: idSchema,
  fingerprint: fingerprintSchema,
  proof: proofSchema.optional(),
});

export const idParamsSchema = z.strictObject({ id: idSchema });

const isoDateSchema = z.iso.datetime({ offset: true, error: 'Date ISO 8601 attendue' });

/** An id chosen by an administrator for a new record. */
export const newIdSchema = z
  .string({ error: 'L’identifiant doit être un texte' })
  .min(1, { error: 'L’identifiant ne peut pas être vide' })
  .max(80, { error: 'L’identifiant ne doit pas dépasser 80 caractères' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Identifiant invalide : lettres, chiffres, « - » et « _ » seulement' });

const trendingSchema = z.boolean({ error: 'trending doit valoir true ou false' });

const titleSchema = z
  .string({ error: 'Le titre doit être un texte' })
  .trim()
  .min(3, { error: 'Le titre doit contenir au moins 3 caractères' })
  .max(200, { error: 'Le titre ne doit pas dépasser 200 caractères' })
  .refine((text) => !hasControlCharacters(text), {
    error: 'Le titre ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)',
  });

export const marketInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  description: z
    .string({ error: 'La description doit être un texte' })
    // Windows line ends (CR LF) pasted from an editor become plain line breaks rather than a refusal.
    .transform((text) => text.replaceAll('\r\n', '\n').trim())
    .pipe(
      z
        .string()
        .max(2000, { error: 'La description ne doit pas dépasser 2000 caractères' })
        .refine((text) => !hasControlCharacters(text, { lineFeedAllowed: true }), {
          error:
            'La description ne doit pas contenir de caractère de contrôle (tabulation, caractère nul…) ; seuls les retours à la ligne sont permis',
        }),
    ),
  category: z.enum(CATEGORY_IDS, { error: `Catégorie inconnue (valeurs possibles : ${CATEGORY_IDS.join(', ')})` }),
  endDate: isoDateSchema,
  trending: trendingSchema.optional(),
});
export type MarketInput = z.infer<typeof marketInputSchema>;

export const marketPatchSchema = marketInputSchema.omit({ id: true }).partial();
export type MarketPatch = z.infer<typeof marketPatchSchema>;

export const resolveMarketSchema = z.strictObject({
  outcome: z.enum(['yes', 'no'], { error: 'outcome doit valoir "yes" ou "no"' }),
});

export const communeInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  trending: trendingSchema.optional(),
});
export type CommuneInput = z.infer<typeof communeInputSchema>;
export const communePatchSchema = communeInputSchema.omit({ id: true }).partial();
export type CommunePatch = z.infer<typeof communePatchSchema>;

export const candidateInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  name: z
    .string({ error: 'Le nom doit être un texte' })
    .trim()
    .min(2, { error: 'Le nom doit contenir au moins 2 caractères' })
    .max(120, { error: 'Le nom ne doit pas dépasser 120 caractères' })
    .refine((text) => !hasControlCharacters(text), {
      error: 'Le nom ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)',
    }),
});
export type CandidateInput = z.infer<typeof candidateInputSchema>;
export const candidatePatchSchema = candidateInputSchema.omit({ id: true });

export const candidateParamsSchema = z.strictObject({ id: idSchema, candidateId: idSchema });

// ---- news and weather alerts (admin API) ----

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} doit être un texte` })
    .trim()
    .min(min, { error: min === 1 ? `${field} ne peut pas être vide` : `${field} doit contenir au moins ${min} caractères` })
    .max(max, { error: `${field} ne doit pas dépasser ${max} caractères` });

const count = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} doit être un nombre entier` })
    .min(min, { error: `${field} doit être au moins ${min}` })
    .max(max, { error: `${field} ne doit pas dépasser ${max}` });

/** Only web addresses: a `javascript:` or `data:` link must never reach a visitor's click. */
const pressUrlSchema = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: 'pressUrl doit être une adresse web http(s) complète',
});

export const newsItemInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  summary: text('Le résumé', 1, 1000),
  category: z.enum(NEWS_CATEGORIES, { error: `Catégorie inconnue (valeurs possibles : ${NEWS_CATEGORIES.join(', ')})` }),
  publishedAt: isoDateSchema,
  author: text('L’auteur', 1, 120),
  readTime: count('readTime', 1, 120),
  views: count('views', 0, 1_000_000_000),
  viewsChange: count('viewsChange', -100, 1_000_000),
  image: text('image', 1, 16),
  trending: trendingSchema.optional(),
  pressUrl: pressUrlSchema,
});
export type NewsItemInput = z.infer<typeof newsItemInputSchema>;
export const newsItemPatchSchema = newsItemInputSchema.omit({ id: true }).partial();
export type NewsItemPatch = z.infer<typeof newsItemPatchSchema>;

const alertFields = {
  id: newIdSchema.optional(),
  zone: text('La zone', 2, 120),
  places: text('places', 0, 500).optional(),
  advice: text('La consigne', 1, 500),
  issuedAt: isoDateSchema,
  endsAt: isoDateSchema,
};

const cycloneLevelSchema = z.enum(CYCLONE_LEVELS, {
  error: `Niveau inconnu pour un cyclone (valeurs possibles : ${CYCLONE_LEVELS.join(', ')})`,
});
const rainLevelSchema = z.enum(RAIN_LEVELS, {
  error: `Niveau inconnu pour les pluies (valeurs possibles : ${RAIN_LEVELS.join(', ')})`,
});

/** A cyclone alert takes the cyclone levels, a rain alert the vigilance colours; it must end after it is issued. */
export const weatherAlertInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ ...alertFields, kind: z.literal('cyclone'), level: cycloneLevelSchema }),
      z.strictObject({ ...alertFields, kind: z.literal('pluies'), level: rainLevelSchema }),
    ],
    { error: 'kind doit valoir "cyclone" ou "pluies"' },
  )
  .check((ctx) => {
    if (Date.parse(ctx.value.endsAt) <= Date.parse(ctx.value.issuedAt)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.endsAt,
        path: ['endsAt'],
        message: 'la fin de l’alerte doit être postérieure à son émission',
      });
    }
  });
export type WeatherAlertInput = z.infer<typeof weatherAlertInputSchema>;

/** Any field of an alert; the merged alert is validated again as a whole. */
export const weatherAlertPatchSchema = z
  .strictObject({
    kind: z.enum(['cyclone', 'pluies'], { error: 'kind doit valoir "cyclone" ou "pluies"' }),
    level: z.enum([...CYCLONE_LEVELS, ...RAIN_LEVELS], { error: 'Niveau d’alerte inconnu' }),
    ...alertFields,
  })
  .omit({ id: true })
  .partial();
export type WeatherAlertPatch = z.infer<typeof weatherAlertPatchSchema>;

/** Turns the first validation issue into a short French sentence. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.invalidRequest;
  if (issue.code === 'unrecognized_keys') return `${MESSAGES.invalidRequest} : champ inconnu ${issue.keys.join(', ')}`;
  const path = issue.path.join('.');
  if (issue.message === MESSAGES.fingerprintMissing || issue.message === MESSAGES.fingerprintInvalid) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${MESSAGES.invalidRequest} : champ ${path} manquant`;
  return path ? `${MESSAGES.invalidRequest} : ${path} — ${issue.message}` : `${MESSAGES.invalidRequest} : ${issue.message}`;
}

export const historyQuerySchema = z.strictObject({
  range: z.enum(HISTORY_RANGES, { error: 'range doit valoir "24h", "7d", "30d" ou "all"' }).default('7d'),
});
