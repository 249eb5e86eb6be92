import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
/** A statement with its `?` parameters. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * `column in (?, ?, …)`: the keys of an update joined to a `jsonb_to_recordset(…)`, named so
 * Postgres reads those rows by index. Left alone, it guesses 100 rows for the recordset and
 * hash-joins them against a scan of the whole table (4-6 ms a send at 10,000 conversations,
 * growing with the table). No keys matches nothing.
 */
export function keysIn(column: string, keys: readonly unknown[]): SqlStatement {
  if (!keys.length) return { sql: 'false', params: [] };
  return { sql: `${column} in (${keys.map(() => '?').join(', ')})`, params: [...keys] };
}

/**
 * Whether a write failed on a unique index (PostgreSQL's 23505): a keyed request's second attempt
 * meets the first one's row, and answers it. Services ask here instead of importing the ORM.
 */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException;
}
