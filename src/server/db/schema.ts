import type { Generated, Selectable } from 'kysely';

/** Booleans are stored as 0/1 integers and dates as ISO 8601 UTC text in both dialects. */
export interface MarketsTable {
  id: string;
  title: string;
  description: string;
  category: string;
  end_date: string;
  yes_votes: number;
  no_votes: number;
  total_votes: number;
  trending: number;
  resolved: number;
  outcome: string | null;
  created_at: string;
  updated_at: string;
}

export interface VotesTable {
  id: Generated<number>;
  market_id: string;
  vote_type: string;
  /** Null once the retention job has unlinked the vote from its device. */
  fingerprint: string | null;
  created_at: string;
  updated_at: string;
  /** The burst whose exclusion took this vote out of the public counts; null while it counts. */
  excluded_by: Generated<string | null>;
}

export interface MunicipalMarketsTable {
  id: string;
  title: string;
  trending: number;
  created_at: string;
  total_votes: number;
}

export interface MunicipalCandidatesTable {
  id: string;
  market_id: string;
  name: string;
  votes: number;
}

export interface MunicipalVotesTable {
  id: Generated<number>;
  market_id: string;
  candidate_id: string;
  fingerprint: string | null;
  created_at: string;
  /** As `votes.excluded_by`. */
  excluded_by: Generated<string | null>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: number;
}

/** A challenge already used: refused if sent again until it expires (epoch ms), then purged. */
export interface SpentChallengesTable {
  /** The challenge's hash (hex), unique per challenge. */
  id: string;
  expires_at: number;
}

/** A budget counter of the vote protection: this window's count and the previous window's. */
export interface ProtectionCountersTable {
  key: string;
  /** Epoch ms where the current window began. */
  window_start: number;
  window_ms: number;
  count: number;
  previous: number;
  expires_at: number;
}

/** Public daily figures (day in La Réunion's calendar, YYYY-MM-DD). */
export interface ProtectionDailyTable {
  /** `${day}:${metric}` */
  key: string;
  day: string;
  metric: string;
  value: number;
}

export interface NewsItemsTable {
  id: string;
  title: string;
  summary: string;
  category: string;
  published_at: string;
  author: string;
  read_time: number;
  views: number;
  views_change: number;
  image: string;
  trending: number;
  press_url: string;
}

export interface WeatherAlertsTable {
  id: string;
  kind: string;
  level: string;
  zone: string;
  places: string;
  advice: string;
  issued_at: string;
  ends_at: string;
}

/** One accepted vote as the burst detection sees it; purged after 30 days. */
export interface VoteSignalsTable {
  id: Generated<number>;
  item_kind: string;
  item_id: string;
  fingerprint: string;
  /** `yes` / `no`, or the candidate id of a municipal vote. */
  side: string;
  /** Keyed hash of the request's address group under the day's key (never the address). */
  origin: string;
  /** Epoch ms (to the minute) the identity was issued; null for identities issued before they were dated. */
  identity_issued_at: number | null;
  /** Epoch ms the vote was accepted. */
  at: number;
}

/** A concentrated group of votes found by the detection, and the operator's decision on it. */
export interface BurstsTable {
  id: string;
  item_kind: string;
  item_id: string;
  side: string;
  first_vote_at: string;
  last_vote_at: string;
  votes: number;
  origins: number;
  fresh_identities: number;
  median_identity_age_minutes: number;
  detected_at: string;
  excluded_at: string | null;
  decided_at: string | null;
  status: string;
}

/**
 * A prediction's counted votes (not excluded by a burst decision) by the hour, or the minute, they were first
 * cast, with the side each holds today: what its history reads instead of the vote rows. `hour` is the first
 * 13 characters of `created_at` (`2026-11-27T09`), `minute` the first 16 (`2026-11-27T09:49`).
 */
export interface MarketVoteHoursTable {
  market_id: string;
  hour: string;
  yes_votes: number;
  no_votes: number;
}
export interface MarketVoteMinutesTable {
  market_id: string;
  minute: string;
  yes_votes: number;
  no_votes: number;
}

/** As the prediction ones, per candidate of a commune. */
export interface MunicipalVoteHoursTable {
  market_id: string;
  candidate_id: string;
  hour: string;
  votes: number;
}
export interface MunicipalVoteMinutesTable {
  market_id: string;
  candidate_id: string;
  minute: string;
  votes: number;
}

export interface DB {
  markets: MarketsTable;
  votes: VotesTable;
  municipal_markets: MunicipalMarketsTable;
  municipal_candidates: MunicipalCandidatesTable;
  municipal_votes: MunicipalVotesTable;
  app_meta: AppMetaTable;
  rate_limits: RateLimitsTable;
  spent_challenges: SpentChallengesTable;
  protection_counters: ProtectionCountersTable;
  protection_daily: ProtectionDailyTable;
  news_items: NewsItemsTable;
  weather_alerts: WeatherAlertsTable;
  vote_signals: VoteSignalsTable;
  bursts: BurstsTable;
  market_vote_hours: MarketVoteHoursTable;
  market_vote_minutes: MarketVoteMinutesTable;
  municipal_vote_hours: MunicipalVoteHoursTable;
  municipal_vote_minutes: MunicipalVoteMinutesTable;
}

export type MarketRow = Selectable<MarketsTable>;
export type CandidateRow = Selectable<MunicipalCandidatesTable>;
export type MunicipalMarketRow = Selectable<MunicipalMarketsTable>;
