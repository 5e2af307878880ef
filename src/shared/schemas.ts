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

/** The French refusal of a control character in a single-line field (`field`: "Le titre", "L’auteur"…). */
const controlCharacterRefused = (field: string) =>
  `${field} ne doit pas contenir de caractère de contrôle (retour à la ligne, tabulation, caractère nul…)`;

/** Every single-line admin text goes through this: no control character at all, line breaks included. */
const singleLine = <S extends z.ZodType<string>>(schema: S, field: string) =>
  schema.refine((text) => !hasControlCharacters(text), { error: controlCharacterRefused(field) });

const titleSchema = singleLine(
  z
    .string({ error: 'Le titre doit être un texte' })
    .trim()
    .min(3, { error: 'Le titre doit contenir au moins 3 caractères' })
    .max(200, { error: 'Le titre ne doit pas dépasser 200 caractères' }),
  'Le titre',
);

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
  name: singleLine(
    z
      .string({ error: 'Le nom doit être un texte' })
      .trim()
      .min(2, { error: 'Le nom doit contenir au moins 2 caractères' })
      .max(120, { error: 'Le nom ne doit pas dépasser 120 caractères' }),
    'Le nom',
  ),
});
export type CandidateInput = z.infer<typeof candidateInputSchema>;
export const candidatePatchSchema = candidateInputSchema.omit({ id: true });

export const candidateParamsSchema = z.strictObject({ id: idSchema, candidateId: idSchema });

// ---- news and weather alerts (admin API) ----

const text = (field: string, min: number, max: number) =>
  singleLine(
    z
      .string({ error: `${field} doit être un texte` })
      .trim()
      .min(min, { error: min === 1 ? `${field} ne peut pas être vide` : `${field} doit contenir au moins ${min} caractères` })
      .max(max, { error: `${field} ne doit pas dépasser ${max} caractères` }),
    field,
  );

const count = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} doit être un nombre entier` })
    .min(min, { error: `${field} doit être au moins ${min}` })
    .max(max, { error: `${field} ne doit pas dépasser ${max}` });

/**
 * Only web addresses: a `javascript:` or `data:` link must never reach a visitor's click. No user name or
 * password either: `https://www.clicanoo.re@evil.example/` reads as the newspaper but leads to evil.example.
 */
const pressUrlSchema = singleLine(z.string({ error: 'pressUrl doit être une adresse web http(s) complète' }), 'pressUrl')
  // Checked before the address is parsed: the parser drops some controls silently, so they would go unseen.
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'pressUrl doit être une adresse web http(s) complète' }))
  .refine(
    (url) => {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    },
    { error: 'pressUrl ne doit contenir ni identifiant ni mot de passe (partie « …@ » avant le nom du site)' },
  );

/** The oldest date a news item may carry: anything before is a typing slip (a year 0202, 1926…). */
export const EARLIEST_NEWS_DATE = '2000-01-01T00:00:00.000Z';

const publishedAtSchema = isoDateSchema.refine((iso) => Date.parse(iso) >= Date.parse(EARLIEST_NEWS_DATE), {
  error: 'La date de publication ne peut pas être antérieure au 1er janvier 2000',
});

export const newsItemInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  summary: text('Le résumé', 1, 1000),
  category: z.enum(NEWS_CATEGORIES, { error: `Catégorie inconnue (valeurs possibles : ${NEWS_CATEGORIES.join(', ')})` }),
  publishedAt: publishedAtSchema,
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

// ---- dates checked against the server's clock (a schema per instant, so tests can fix "now") ----

/** The latest end an alert may be given: the same instant one calendar year later. */
export function latestAlertEnd(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/** A new prediction must still be open when created: its end strictly after now (at `now` it is closed). */
export const newMarketDatesSchema = (now: Date) =>
  z.object({
    endDate: z.string().refine((iso) => Date.parse(iso) > now.getTime(), { error: 'La date de fin doit être dans le futur' }),
  });

/** A news item is dated when it was published: never later than now. */
export const newsDatesSchema = (now: Date) =>
  z.object({
    publishedAt: z
      .string()
      .refine((iso) => Date.parse(iso) <= now.getTime(), { error: 'La date de publication ne peut pas être dans le futur' })
      .optional(),
  });

/** An alert lasts hours or days: an end more than a year away is a typing slip. */
export const alertDatesSchema = (now: Date) =>
  z.object({
    endsAt: z
      .string()
      .refine((iso) => Date.parse(iso) <= latestAlertEnd(now).getTime(), {
        error: 'La fin de l’alerte ne peut pas être à plus d’un an',
      })
      .optional(),
  });

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

/** A 1-based page number in a query string. */
const pageNumberSchema = z.string().regex(/^[1-9][0-9]{0,5}$/, { error: 'page doit être un entier de 1 à 999999' });

/** `GET /api/admin/activity`: the page of the busiest predictions (the first when absent). */
export const activityQuerySchema = z.strictObject({ page: pageNumberSchema.optional() });

/**
 * `GET /api/markets` in pages (docs/decisions/043-catalogue-in-pages.md). Without `page`, the whole list as before.
 * `votes` needs the device's `fingerprint`: the server reads which predictions it voted on.
 */
export const marketListQuerySchema = z
  .strictObject({
    page: pageNumberSchema.optional(),
    search: z.string().max(200, { error: 'search fait au plus 200 caractères' }).optional(),
    category: z.enum(CATEGORY_IDS, { error: 'category doit être l’identifiant d’une catégorie' }).optional(),
    votes: z.enum(['voted', 'not-voted'], { error: 'votes doit valoir "voted" ou "not-voted"' }).optional(),
    fingerprint: fingerprintSchema.optional(),
  })
  .refine((query) => query.votes === undefined || query.fingerprint !== undefined, {
    error: 'votes demande le fingerprint de l’appareil',
    path: ['fingerprint'],
  })
  .refine((query) => query.page !== undefined || (query.search ?? query.category ?? query.votes) === undefined, {
    error: 'search, category et votes vont avec page',
    path: ['page'],
  });
