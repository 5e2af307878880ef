import SQLite from '../../src/server/db/sqlite-driver.js';

export interface Ledger {
  voteRows: number;
  /** Markets whose counters differ from their vote rows. */
  mismatchedMarkets: string[];
  counterTotal: number;
}

/** Reads a SQLite file (server stopped or running: WAL readers see committed data only). */
export function readLedger(file: string): Ledger {
  const db = new SQLite(file);
  try {
    const voteRows = db.prepare<[], { n: number }>('select count(*) as n from votes').get()?.n ?? 0;
    const counterTotal = db.prepare<[], { n: number }>('select coalesce(sum(total_votes), 0) as n from markets').get()?.n ?? 0;
    const mismatched = db
      .prepare<[], { id: string }>(
        `select m.id from markets m
         left join (select market_id,
                           sum(case when vote_type = 'yes' then 1 else 0 end) as yes,
                           sum(case when vote_type = 'no' then 1 else 0 end) as no
                    from votes group by market_id) v on v.market_id = m.id
         where m.yes_votes != coalesce(v.yes, 0) or m.no_votes != coalesce(v.no, 0)
            or m.total_votes != m.yes_votes + m.no_votes`,
      )
      .all()
      .map((row) => row.id);
    return { voteRows, mismatchedMarkets: mismatched, counterTotal };
  } finally {
    db.close();
  }
}
