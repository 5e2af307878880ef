import type { SelectQueryBuilder } from 'kysely';
import type { DialectName } from './database.js';

/** Row lock for read-then-write on PostgreSQL; SQLite serialises writers and has no FOR UPDATE. */
export function lockForUpdate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: DialectName,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === true || value === 1;
