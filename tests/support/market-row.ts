import type { MarketsTable } from '../../src/server/db/schema.js';

/**
 * A `markets` row for a test that writes its own predictions straight into the database: open until March 2027,
 * no vote, not trending, created on 1 October 2026, unless the test says otherwise.
 */
export function marketRow(
  id: string,
  title: string,
  fields: Partial<Omit<MarketsTable, 'id' | 'title' | 'total_votes'>> = {},
): MarketsTable {
  const yes = fields.yes_votes ?? 0;
  const no = fields.no_votes ?? 0;
  return {
    description: 'Test',
    category: 'politique',
    end_date: '2027-03-01T00:00:00.000Z',
    trending: 0,
    resolved: 0,
    outcome: null,
    created_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-01T00:00:00.000Z',
    ...fields,
    id,
    title,
    yes_votes: yes,
    no_votes: no,
    total_votes: yes + no,
  };
}
