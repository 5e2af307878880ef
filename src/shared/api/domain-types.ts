import type { z } from 'zod';
import type { AdminActivity } from '../admin-activity.js';
import type { Health } from '../health.js';
import type { Market } from '../market.js';
import type { Candidate, Commune, MunicipalVoteRecord } from '../municipal.js';
import type { NewsFeed, NewsItem, WeatherAlert } from '../news.js';
import type { ErasureResult, PrivacyExport } from '../privacy.js';
import type { ChallengeAnswer, IdentityAnswer, TransparencyReport } from '../vote-protection.js';
import type { adminActivitySchema } from './admin.js';
import type { marketSchema } from './markets.js';
import type { candidateSchema, communeSchema, municipalVoteRecordSchema } from './municipal.js';
import type { newsFeedSchema, newsItemSchema, weatherAlertSchema } from './news.js';
import type { healthSchema } from './ops.js';
import type { erasureResultSchema, privacyExportSchema } from './privacy.js';
import type { challengeAnswerSchema, identityAnswerSchema, transparencyReportSchema } from './protection.js';

/**
 * The domain types the code works with and the answers the API declares must stay one and the same:
 * a field added to `Market` without its declaration (or the reverse) fails the type check here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Declared<S extends z.ZodType> = z.output<S>;

export const DOMAIN_TYPES_MATCH_DECLARATIONS: [
  Same<Market, Declared<typeof marketSchema>>,
  Same<Candidate, Declared<typeof candidateSchema>>,
  Same<Commune, Declared<typeof communeSchema>>,
  Same<MunicipalVoteRecord, Declared<typeof municipalVoteRecordSchema>>,
  Same<NewsItem, Declared<typeof newsItemSchema>>,
  Same<WeatherAlert, Declared<typeof weatherAlertSchema>>,
  Same<NewsFeed, Declared<typeof newsFeedSchema>>,
  Same<Health, Declared<typeof healthSchema>>,
  Same<PrivacyExport, Declared<typeof privacyExportSchema>>,
  Same<ErasureResult, Declared<typeof erasureResultSchema>>,
  Same<ChallengeAnswer, Declared<typeof challengeAnswerSchema>>,
  Same<IdentityAnswer, Declared<typeof identityAnswerSchema>>,
  Same<TransparencyReport, Declared<typeof transparencyReportSchema>>,
  Same<AdminActivity, Declared<typeof adminActivitySchema>>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
