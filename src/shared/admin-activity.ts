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
  markets: MarketActivity[];
  refused: RefusedVotes;
  generatedAt: string;
}
