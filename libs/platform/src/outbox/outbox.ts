import type { DomainEvent, EventType, NewDomainEvent, TypedDomainEvent } from '@platica/contracts';
import { newId } from '../crypto/tokens';
import type { SqlStatement } from '../database/sql';
import { beforeCommitOf, entityManagerOf, type Transaction } from '../database/unit-of-work';

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

/** Events a transaction has recorded and not yet written, by schema: written with its next write of events, or before it commits. */
const unwritten = new WeakMap<Transaction, Map<string, DomainEvent[]>>();

/**
 * Records domain events in the caller's transaction: they are published if and only if the
 * transaction commits. Only events built by `domainEvent` (their data parsed by their type's
 * schema) are accepted. In a `UnitOfWork.run` transaction they are written with the next
 * events recorded with `alongside` writes, or just before the commit: one statement for all
 * the events of a transaction (a new client's, its conversation's and its message's), not
 * one each. Elsewhere they are written at once, in one statement.
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
  const alongside = options.alongside ?? [];
  const occurredAt = new Date().toISOString();
  const recorded = events.map(
    (event) =>
      ({ id: newId('evt'), type: event.type, workspaceId: event.workspaceId, occurredAt, data: event.data }) as TypedDomainEvent<T>,
  );
  const beforeCommit = beforeCommitOf(transaction);
  if (beforeCommit && !alongside.length) {
    if (!recorded.length) return [];
    const bySchema = unwritten.get(transaction) ?? new Map<string, DomainEvent[]>();
    unwritten.set(transaction, bySchema);
    bySchema.set(schema, [...(bySchema.get(schema) ?? []), ...recorded]);
    if (!beforeCommit.has(`outbox:${schema}`))
      beforeCommit.set(`outbox:${schema}`, () => writeEvents(transaction, schema, takeUnwritten(transaction, schema), []));
    return recorded;
  }
  await writeEvents(transaction, schema, [...takeUnwritten(transaction, schema), ...recorded], alongside);
  return recorded;
}

function takeUnwritten(transaction: Transaction, schema: string): DomainEvent[] {
  const events = unwritten.get(transaction)?.get(schema) ?? [];
  unwritten.get(transaction)?.delete(schema);
  return events;
}

/** Events and `alongside` writes in one statement. */
async function writeEvents(
  transaction: Transaction,
  schema: string,
  events: readonly DomainEvent[],
  alongside: readonly SqlStatement[],
): Promise<void> {
  const em = entityManagerOf(transaction);
  if (!events.length) {
    if (alongside.length)
      await em.execute(
        withAll(alongside, 'select 1'),
        alongside.flatMap((statement) => statement.params),
      );
    return;
  }
  const insert: SqlStatement = {
    sql: `insert into "${schema}".outbox_event (id, type, workspace_id, occurred_at, data, published_at)
       values ${events.map(() => '(?, ?, ?, ?::timestamptz, ?::jsonb, null)').join(', ')}`,
    params: events.flatMap((e) => [e.id, e.type, e.workspaceId, e.occurredAt, JSON.stringify(e.data)]),
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
    return;
  }
  // Otherwise the insert and the relays' wake-up are one round trip (a data-modifying CTE runs
  // whether or not the query reads it); the NOTIFY is delivered only when the transaction
  // commits, so no wake-up is ever invented.
  await em.execute(withAll(writes, 'select pg_notify(?, ?)'), [...params, outboxChannel(schema), events[0]!.id]);
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
