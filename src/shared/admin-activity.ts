/** One prediction's recent votes (cast or changed side), counted from the vote rows. */
export interface MarketActivity {
  id: string;
  title: string;
  votesLast5Minutes: number;
  votesLastHour: number;
}

/** Votes refused today (La Réunion's calendar day), by reason, as every instance counted them. */
export interface RefusedVotes {
  day: string;
  replays: number;
  rateLimited: number;
  proof: number;
}

/** The answer of `GET /api/admin/activity`. */
export interface AdminActivity {
  /** One page, busiest first. */
  markets: MarketActivity[];
  total: number;
  page: number;
  pageCount: number;
  refused: RefusedVotes;
  generatedAt: string;
}

/** Predictions per page of the activity feed: the admin screen polls the first every 3 s. */
export const ADMIN_ACTIVITY_PAGE_SIZE = 50;
