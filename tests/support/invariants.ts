import type { Database } from '../../src/server/db/database.js';

/** Counted vote rows per market (not excluded by a burst decision), straight from the table. */
export async function countVoteRows(database: Database): Promise<Map<string, { yes: number; no: number }>> {
  const rows = await database.db
    .selectFrom('votes')
    .select(['market_id', 'vote_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('excluded_by', 'is', null)
    .groupBy(['market_id', 'vote_type'])
    .execute();
  const counts = new Map<string, { yes: number; no: number }>();
  for (const row of rows) {
    const entry = counts.get(row.market_id) ?? { yes: 0, no: 0 };
    entry[row.vote_type === 'yes' ? 'yes' : 'no'] = Number(row.n);
    counts.set(row.market_id, entry);
  }
  return counts;
}

/** Counted municipal vote rows per candidate. */
export async function countMunicipalRows(database: Database): Promise<Map<string, number>> {
  const rows = await database.db
    .selectFrom('municipal_votes')
    .select(['candidate_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('excluded_by', 'is', null)
    .groupBy('candidate_id')
    .execute();
  return new Map(rows.map((row) => [row.candidate_id, Number(row.n)]));
}
