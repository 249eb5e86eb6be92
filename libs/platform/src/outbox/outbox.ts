import type { DomainEvent, EventType, NewDomainEvent, TypedDomainEvent } from '@platica/contracts';
import { newId } from '../crypto/tokens';
import type { SqlStatement } from '../database/sql';
import { entityManagerOf, type Transaction } from '../database/unit-of-work';

/** The Postgres NOTIFY channel that wakes a schema's relay when an event commits. */
export function outboxChannel(schema: string): string {
  return `platica_outbox_${schema}`;
}

/** The relays running in this process, by schema: a write that commits by itself wakes its own. */
const localRelays = new Map<string, () => void>();

/** Registers the wake-up of this process's relay of `schema`; returns its removal. */
export function registerLocalRelay(schema: string, wake: () => void): () => void {
  localRelays.set(schema, wake);
  return () => {
    if (localRelays.get(schema) === wake) localRelays.delete(schema);
  };
}

/**
 * Records domain events in the caller's transaction, in one statement: they are published if
 * and only if the transaction commits. Only
 * events built by `domainEvent` (their data parsed by their type's schema) are accepted.
 * `alongside` are writes of the caller's that go in the same statement (data-modifying CTEs:
 * they must not depend on each other's rows, nor on the events'); they run alone when there
 * are no events.
 */
export async function recordEvents<T extends EventType>(
  transaction: Transaction,
  schema: string,
  events: readonly NewDomainEvent<T>[],
  options: { alongside?: readonly SqlStatement[] } = {},
): Promise<TypedDomainEvent<T>[]> {
  const em = entityManagerOf(transaction);
  const alongside = options.alongside ?? [];
  if (!events.length) {
    if (alongside.length)
      await em.execute(
        withAll(alongside, 'select 1'),
        alongside.flatMap((statement) => statement.params),
      );
    return [];
  }
  const occurredAt = new Date().toISOString();
  const recorded = events.map(
    (event) =>
      ({ id: newId('evt'), type: event.type, workspaceId: event.workspaceId, occurredAt, data: event.data }) as TypedDomainEvent<T>,
  );
  const insert: SqlStatement = {
    sql: `insert into "${schema}".outbox_event (id, type, workspace_id, occurred_at, data, published_at)
       values ${recorded.map(() => '(?, ?, ?, ?::timestamptz, ?::jsonb, null)').join(', ')}`,
    params: recorded.flatMap((e) => [e.id, e.type, e.workspaceId, e.occurredAt, JSON.stringify(e.data)]),
  };
  const writes = [...alongside, insert];
  const params = writes.flatMap((statement) => statement.params);
  // A statement outside a transaction has committed when it returns: this process's relay is
  // woken directly, and Postgres is spared a NOTIFY (whose commit-time lock serialises the
  // commits of every notifying transaction).
  const wakeLocalRelay = em.isInTransaction() ? undefined : localRelays.get(schema);
  if (wakeLocalRelay) {
    await em.execute(withAll(writes, 'select 1'), params);
    wakeLocalRelay();
    return recorded;
  }
  // Otherwise the insert and the relays' wake-up are one round trip (a data-modifying CTE runs
  // whether or not the query reads it); the NOTIFY is delivered only when the transaction
  // commits, so no wake-up is ever invented.
  await em.execute(withAll(writes, 'select pg_notify(?, ?)'), [...params, outboxChannel(schema), recorded[0]!.id]);
  return recorded;
}

/** The statements as the data-modifying CTEs of one statement ending in `final`. */
function withAll(statements: readonly SqlStatement[], final: string): string {
  return `with ${statements.map((statement, i) => `write${i} as (${statement.sql})`).join(', ')} ${final}`;
}

/** Records one domain event in the caller's transaction (see `recordEvents`). */
export async function recordEvent<T extends EventType>(
  transaction: Transaction,
  schema: string,
  event: NewDomainEvent<T>,
): Promise<TypedDomainEvent<T>> {
  const [recorded] = await recordEvents(transaction, schema, [event]);
  return recorded!;
}

export function envelopeOf(row: {
  id: string;
  type: string;
  workspaceId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}): DomainEvent {
  return {
    id: row.id,
    type: row.type as EventType,
    workspaceId: row.workspaceId,
    occurredAt: row.occurredAt.toISOString(),
    data: row.data,
  };
}
