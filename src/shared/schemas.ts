import { z } from 'zod';
import { CATEGORY_IDS } from './categories.js';
import { MESSAGES, PROTECTION_MESSAGES, VALIDATION_FIELDS, VALIDATION_MESSAGES, validationText } from './messages.js';
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
  .string({ error: VALIDATION_MESSAGES.proofNotText })
  .min(1, { error: PROTECTION_MESSAGES.proofMissing })
  .max(4096, { error: PROTECTION_MESSAGES.proofInvalid })
  .refine((text) => !hasControlCharacters(text), { error: PROTECTION_MESSAGES.proofInvalid });

export const idSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, { error: VALIDATION_MESSAGES.idInvalid });

export const voteTypeSchema = z.enum(['yes', 'no'], { error: VALIDATION_MESSAGES.voteTypeInvalid });

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

const isoDateSchema = z.iso.datetime({ offset: true, error: VALIDATION_MESSAGES.isoDateExpected });

/** An id chosen by an administrator for a new record. */
export const newIdSchema = z
  .string({ error: VALIDATION_MESSAGES.newIdNotText })
  .min(1, { error: VALIDATION_MESSAGES.newIdEmpty })
  .max(80, { error: VALIDATION_MESSAGES.newIdTooLong })
  .regex(/^[A-Za-z0-9_-]+$/, { error: VALIDATION_MESSAGES.newIdInvalid });

const trendingSchema = z.boolean({ error: VALIDATION_MESSAGES.trendingInvalid });

/** The French refusal of a control character in a single-line field (`field`: "Le titre", "L’auteur"…). */
const controlCharacterRefused = validationText.controlCharacter;

/** Every single-line admin text goes through this: no control character at all, line breaks included. */
const singleLine = <S extends z.ZodType<string>>(schema: S, field: string) =>
  schema.refine((text) => !hasControlCharacters(text), { error: controlCharacterRefused(field) });

const titleSchema = singleLine(
  z
    .string({ error: VALIDATION_MESSAGES.titleNotText })
    .trim()
    .min(3, { error: VALIDATION_MESSAGES.titleTooShort })
    .max(200, { error: VALIDATION_MESSAGES.titleTooLong }),
  VALIDATION_FIELDS.title,
);

export const marketInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  description: z
    .string({ error: VALIDATION_MESSAGES.descriptionNotText })
    // Windows line ends (CR LF) pasted from an editor become plain line breaks rather than a refusal.
    .transform((text) => text.replaceAll('\r\n', '\n').trim())
    .pipe(
      z
        .string()
        .max(2000, { error: VALIDATION_MESSAGES.descriptionTooLong })
        .refine((text) => !hasControlCharacters(text, { lineFeedAllowed: true }), {
          error: VALIDATION_MESSAGES.descriptionControlCharacter,
        }),
    ),
  category: z.enum(CATEGORY_IDS, { error: validationText.unknownCategory(CATEGORY_IDS) }),
  endDate: isoDateSchema,
  trending: trendingSchema.optional(),
});
export type MarketInput = z.infer<typeof marketInputSchema>;

export const marketPatchSchema = marketInputSchema.omit({ id: true }).partial();
export type MarketPatch = z.infer<typeof marketPatchSchema>;

export const resolveMarketSchema = z.strictObject({
  outcome: z.enum(['yes', 'no'], { error: VALIDATION_MESSAGES.outcomeInvalid }),
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
      .string({ error: VALIDATION_MESSAGES.nameNotText })
      .trim()
      .min(2, { error: VALIDATION_MESSAGES.nameTooShort })
      .max(120, { error: VALIDATION_MESSAGES.nameTooLong }),
    VALIDATION_FIELDS.name,
  ),
});
export type CandidateInput = z.infer<typeof candidateInputSchema>;
export const candidatePatchSchema = candidateInputSchema.omit({ id: true });

export const candidateParamsSchema = z.strictObject({ id: idSchema, candidateId: idSchema });

// ---- news and weather alerts (admin API) ----

const text = (field: string, min: number, max: number) =>
  singleLine(
    z
      .string({ error: validationText.notText(field) })
      .trim()
      .min(min, { error: min === 1 ? validationText.empty(field) : validationText.tooShort(field, min) })
      .max(max, { error: validationText.tooLong(field, max) }),
    field,
  );

const count = (field: string, min: number, max: number) =>
  z
    .int({ error: validationText.notInteger(field) })
    .min(min, { error: validationText.atLeast(field, min) })
    .max(max, { error: validationText.atMost(field, max) });

/**
 * Only web addresses: a `javascript:` or `data:` link must never reach a visitor's click. No user name or
 * password either: `https://www.clicanoo.re@evil.example/` reads as the newspaper but leads to evil.example.
 */
const pressUrlSchema = singleLine(z.string({ error: VALIDATION_MESSAGES.pressUrlInvalid }), 'pressUrl')
  // Checked before the address is parsed: the parser drops some controls silently, so they would go unseen.
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: VALIDATION_MESSAGES.pressUrlInvalid }))
  .refine(
    (url) => {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    },
    { error: VALIDATION_MESSAGES.pressUrlCredentials },
  );

/** The oldest date a news item may carry: anything before is a typing slip (a year 0202, 1926…). */
export const EARLIEST_NEWS_DATE = '2000-01-01T00:00:00.000Z';

const publishedAtSchema = isoDateSchema.refine((iso) => Date.parse(iso) >= Date.parse(EARLIEST_NEWS_DATE), {
  error: VALIDATION_MESSAGES.publishedBefore2000,
});

export const newsItemInputSchema = z.strictObject({
  id: newIdSchema.optional(),
  title: titleSchema,
  summary: text(VALIDATION_FIELDS.summary, 1, 1000),
  category: z.enum(NEWS_CATEGORIES, { error: validationText.unknownCategory(NEWS_CATEGORIES) }),
  publishedAt: publishedAtSchema,
  author: text(VALIDATION_FIELDS.author, 1, 120),
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
  zone: text(VALIDATION_FIELDS.zone, 2, 120),
  places: text('places', 0, 500).optional(),
  advice: text(VALIDATION_FIELDS.advice, 1, 500),
  issuedAt: isoDateSchema,
  endsAt: isoDateSchema,
};

const cycloneLevelSchema = z.enum(CYCLONE_LEVELS, {
  error: validationText.unknownCycloneLevel(CYCLONE_LEVELS),
});
const rainLevelSchema = z.enum(RAIN_LEVELS, {
  error: validationText.unknownRainLevel(RAIN_LEVELS),
});

/** A cyclone alert takes the cyclone levels, a rain alert the vigilance colours; it must end after it is issued. */
export const weatherAlertInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ ...alertFields, kind: z.literal('cyclone'), level: cycloneLevelSchema }),
      z.strictObject({ ...alertFields, kind: z.literal('pluies'), level: rainLevelSchema }),
    ],
    { error: VALIDATION_MESSAGES.alertKindInvalid },
  )
  .check((ctx) => {
    if (Date.parse(ctx.value.endsAt) <= Date.parse(ctx.value.issuedAt)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.endsAt,
        path: ['endsAt'],
        message: VALIDATION_MESSAGES.alertEndBeforeIssue,
      });
    }
  });
export type WeatherAlertInput = z.infer<typeof weatherAlertInputSchema>;

/** Any field of an alert; the merged alert is validated again as a whole. */
export const weatherAlertPatchSchema = z
  .strictObject({
    kind: z.enum(['cyclone', 'pluies'], { error: VALIDATION_MESSAGES.alertKindInvalid }),
    level: z.enum([...CYCLONE_LEVELS, ...RAIN_LEVELS], { error: VALIDATION_MESSAGES.alertLevelUnknown }),
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
    endDate: z.string().refine((iso) => Date.parse(iso) > now.getTime(), { error: VALIDATION_MESSAGES.endDateNotFuture }),
  });

/** A news item is dated when it was published: never later than now. */
export const newsDatesSchema = (now: Date) =>
  z.object({
    publishedAt: z
      .string()
      .refine((iso) => Date.parse(iso) <= now.getTime(), { error: VALIDATION_MESSAGES.publishedInFuture })
      .optional(),
  });

/** An alert lasts hours or days: an end more than a year away is a typing slip. */
export const alertDatesSchema = (now: Date) =>
  z.object({
    endsAt: z
      .string()
      .refine((iso) => Date.parse(iso) <= latestAlertEnd(now).getTime(), {
        error: VALIDATION_MESSAGES.alertEndTooFar,
      })
      .optional(),
  });

/** Turns the first validation issue into a short French sentence. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.invalidRequest;
  if (issue.code === 'unrecognized_keys') return validationText.unknownFields(MESSAGES.invalidRequest, issue.keys);
  const path = issue.path.join('.');
  if (issue.message === MESSAGES.fingerprintMissing || issue.message === MESSAGES.fingerprintInvalid) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return validationText.missingField(MESSAGES.invalidRequest, path);
  return path
    ? validationText.fieldIssue(MESSAGES.invalidRequest, path, issue.message)
    : validationText.issue(MESSAGES.invalidRequest, issue.message);
}

export const historyQuerySchema = z.strictObject({
  range: z.enum(HISTORY_RANGES, { error: VALIDATION_MESSAGES.rangeInvalid }).default('7d'),
});

/** A 1-based page number in a query string. */
const pageNumberSchema = z.string().regex(/^[1-9][0-9]{0,5}$/, { error: VALIDATION_MESSAGES.pageInvalid });

/** `GET /api/admin/activity`: the page of the busiest predictions (the first when absent). */
export const activityQuerySchema = z.strictObject({ page: pageNumberSchema.optional() });

/**
 * `GET /api/markets` in pages (docs/decisions/043-catalogue-in-pages.md). Without `page`, the whole list as before.
 * `votes` needs the device's `fingerprint`: the server reads which predictions it voted on.
 */
export const marketListQuerySchema = z
  .strictObject({
    page: pageNumberSchema.optional(),
    search: z.string().max(200, { error: VALIDATION_MESSAGES.searchTooLong }).optional(),
    category: z.enum(CATEGORY_IDS, { error: VALIDATION_MESSAGES.categoryInvalid }).optional(),
    votes: z.enum(['voted', 'not-voted'], { error: VALIDATION_MESSAGES.votesFilterInvalid }).optional(),
    fingerprint: fingerprintSchema.optional(),
    /** `open`: still taking votes; `resolved`: outcome given (decision 043, amended). */
    status: z.enum(['open', 'resolved'], { error: VALIDATION_MESSAGES.statusFilterInvalid }).optional(),
    /** `ending`: trending first, then the soonest end (the vote chain's order). */
    sort: z.enum(['ending'], { error: VALIDATION_MESSAGES.sortInvalid }).optional(),
  })
  .refine((query) => query.votes === undefined || query.fingerprint !== undefined, {
    error: VALIDATION_MESSAGES.votesFilterNeedsFingerprint,
    path: ['fingerprint'],
  })
  .refine(
    (query) =>
      query.page !== undefined || (query.search ?? query.category ?? query.votes ?? query.status ?? query.sort) === undefined,
    {
      error: VALIDATION_MESSAGES.filtersNeedPage,
      path: ['page'],
    },
  );
