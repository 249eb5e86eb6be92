/** A workspace's credit this billing period (docs/usage.md › Credit limit), as `GET /v1/usage/*` shows it. */
export interface CreditFigures {
  /** Billable messages per billing period; null: unlimited. */
  limit: number | null;
  /** The billing period's billable messages. */
  used: number;
  /** What is left (never below 0); null when unlimited. */
  remaining: number | null;
  /** `used` is at the limit or past it: sends, chat turns and campaign sends answer 402, agents stay silent. */
  reached: boolean;
}

/**
 * The decision: a limit is reached once the period's billable messages are at it. A limit of 0
 * allows nothing; no limit allows everything. Sends in flight when the count reaches the limit
 * may pass it (each is checked before it goes, not reserved): `used` may exceed `limit`.
 */
export function creditFigures(limit: number | null, used: number): CreditFigures {
  if (limit === null) return { limit: null, used, remaining: null, reached: false };
  return { limit, used, remaining: Math.max(0, limit - used), reached: used >= limit };
}
