import { domainEvent, type EventData } from '@platica/contracts';
import { presentClient, type ClientRow } from './client.presenter';

/** A client's domain events, built in one place like the conversations' (conversations/domain-events.ts). */

export function clientCreated(workspaceId: string, client: ClientRow, activeFields: Set<string>) {
  return domainEvent('client.created', workspaceId, { clientId: client.id, client: presentClient(client, activeFields) });
}

export function clientCustomFieldsUpdated(workspaceId: string, data: EventData<'client.customFields.updated'>) {
  return domainEvent('client.customFields.updated', workspaceId, data);
}

export function clientBlocked(workspaceId: string, data: EventData<'client.blocked'>) {
  return domainEvent('client.blocked', workspaceId, data);
}
