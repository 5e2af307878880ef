import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { counterMismatchSchema } from '../../shared/api/admin.js';
import { COUNTER_CHECK_KINDS, counterCheckText } from '../../shared/messages.js';
import type { DB } from './schema.js';
import { findHistoryMismatches } from '../history/history-repository.js';

/** One stored counter that differs from the rows it counts (as `GET /api/admin/check` declares it). */
export type CounterMismatch = z.infer<typeof counterMismatchSchema>;

interface Row {
  id: string;
  stored: number | string;
  counted: number | string;
}

const toMismatches = (kind: CounterMismatch['kind'], counter: CounterMismatch['counter'], rows: Row[]): CounterMismatch[] =>
  rows.map((row) => ({ kind, id: row.id, counter, stored: Number(row.stored), rows: Number(row.counted) }));

/**
 * Every counter compared with the rows it counts (votes a burst decision excluded are not counted), in the database itself (one grouped query per
 * counter, whatever the number of votes): prediction sides and totals, candidates, commune totals, and the
 * histories' hour and minute counts (docs/decisions/042-history-from-step-counts.md).
 * Empty when counters equal rows everywhere, which every write path keeps true.
 */
export async function findCounterMismatches(db: Kysely<DB>): Promise<CounterMismatch[]> {
  const marketCounts = sql`(select market_id,
      sum(case when vote_type = 'yes' then 1 else 0 end) as yes_rows,
      sum(case when vote_type = 'no' then 1 else 0 end) as no_rows,
      count(*) as all_rows
    from votes where excluded_by is null group by market_id)`;
  const marketRows = (column: 'yes_votes' | 'no_votes' | 'total_votes', counted: 'yes_rows' | 'no_rows' | 'all_rows') =>
    sql<Row>`select m.id as id, m.${sql.ref(column)} as stored, coalesce(v.${sql.ref(counted)}, 0) as counted
      from markets m left join ${marketCounts} v on v.market_id = m.id
      where m.${sql.ref(column)} <> coalesce(v.${sql.ref(counted)}, 0)
      order by m.id`.execute(db);
  const candidates = () =>
    sql<Row>`select c.id as id, c.votes as stored, coalesce(v.n, 0) as counted
      from municipal_candidates c
      left join (select candidate_id, count(*) as n from municipal_votes where excluded_by is null group by candidate_id) v on v.candidate_id = c.id
      where c.votes <> coalesce(v.n, 0)
      order by c.id`.execute(db);
  const communes = () =>
    sql<Row>`select m.id as id, m.total_votes as stored, coalesce(v.n, 0) as counted
      from municipal_markets m
      left join (select market_id, count(*) as n from municipal_votes where excluded_by is null group by market_id) v on v.market_id = m.id
      where m.total_votes <> coalesce(v.n, 0)
      order by m.id`.execute(db);
  // One after the other: a check never takes more than one pooled connection.
  const yes = await marketRows('yes_votes', 'yes_rows');
  const no = await marketRows('no_votes', 'no_rows');
  const total = await marketRows('total_votes', 'all_rows');
  return [
    ...toMismatches('market', 'yes_votes', yes.rows),
    ...toMismatches('market', 'no_votes', no.rows),
    ...toMismatches('market', 'total_votes', total.rows),
    ...toMismatches('candidate', 'votes', (await candidates()).rows),
    ...toMismatches('commune', 'total_votes', (await communes()).rows),
    ...(await findHistoryMismatches(db)),
  ];
}

/** A French line per mismatch, for the command line and logs. */
export function describeMismatch(mismatch: CounterMismatch): string {
  return counterCheckText.mismatch(COUNTER_CHECK_KINDS[mismatch.kind], mismatch);
}
