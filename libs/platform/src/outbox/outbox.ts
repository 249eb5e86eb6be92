import type { DomainEvent, EventType, NewDomainEvent, TypedDomainEvent } from '@platica/contracts';
import { newId } from '../crypto/tokens';
import { entityManagerOf, type Transaction } from '../database/unit-of-work';

/** The Postgres NOTIFY channel that wakes a schema's relay when an event commits. */
export function outboxChannel(schema: string): string {
  return `platica_outbox_${schema}`;
}

/** A statement with its `?` parameters. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * Records domain events in the caller's transaction, in one statement: they are published if
 * and only if the transaction commits. Only
 * events built by `domainEvent` (their data parsed by their type's schema) are accepted.
 * `alongside` is a write of the caller's that goes in the same round trip (a data-modifying
 * CTE: it must not depend on the events' rows, nor they on its); it runs alone when there
 * are no events.
 */
export async function recordEvents<T extends EventType>(
  transaction: Transaction,
  schema: string,
  events: readonly NewDomainEvent<T>[],
  options: { alongside?: SqlStatement } = {},
): Promise<TypedDomainEvent<T>[]> {
  const em = entityManagerOf(transaction);
  const { alongside } = options;
  if (!events.length) {
    if (alongside) await em.execute(alongside.sql, alongside.params);
    return [];
  }
  const occurredAt = new Date().toISOString();
  const recorded = events.map(
    (event) =>
      ({ id: newId('evt'), type: event.type, workspaceId: event.workspaceId, occurredAt, data: event.data }) as TypedDomainEvent<T>,
  );
  // The insert and the relay's wake-up are one round trip (a data-modifying CTE runs whether or
  // not the query reads it); the NOTIFY is delivered only when the transaction commits, so no
  // wake-up is ever invented.
  await em.execute(
    `with ${alongside ? `alongside as (${alongside.sql}), ` : ''}recorded as (
       insert into "${schema}".outbox_event (id, type, workspace_id, occurred_at, data, published_at)
       values ${recorded.map(() => '(?, ?, ?, ?::timestamptz, ?::jsonb, null)').join(', ')})
     select pg_notify(?, ?)`,
    [
      ...(alongside?.params ?? []),
      ...recorded.flatMap((e) => [e.id, e.type, e.workspaceId, e.occurredAt, JSON.stringify(e.data)]),
      outboxChannel(schema),
      recorded[0]!.id,
    ],
  );
  return recorded;
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
