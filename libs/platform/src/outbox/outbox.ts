import type { DomainEvent, EventType } from '@platica/contracts';
import { newId } from '../crypto/tokens';
import { entityManagerOf, type Transaction } from '../database/unit-of-work';
import { OutboxEvent } from './outbox-event.entity';

/** The Postgres NOTIFY channel that wakes a schema's relay when an event commits. */
export function outboxChannel(schema: string): string {
  return `platica_outbox_${schema}`;
}

/**
 * Records a domain event in the caller's transaction: it is published if and only if the
 * transaction commits.
 */
export async function recordEvent<Data extends Record<string, unknown>>(
  transaction: Transaction,
  schema: string,
  event: { type: EventType; workspaceId: string; data: Data; occurredAt?: Date },
): Promise<DomainEvent<Data>> {
  const occurredAt = event.occurredAt ?? new Date();
  const id = newId('evt');
  const em = entityManagerOf(transaction);
  em.create(OutboxEvent, { id, type: event.type, workspaceId: event.workspaceId, occurredAt, data: event.data, publishedAt: null });
  // Delivered to listeners only when the transaction commits, so no wake-up is ever invented.
  await em.execute('select pg_notify(?, ?)', [outboxChannel(schema), id]);
  return { id, type: event.type, workspaceId: event.workspaceId, occurredAt: occurredAt.toISOString(), data: event.data };
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
