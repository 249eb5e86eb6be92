import { defineEntity, p } from '@mikro-orm/core';
import type { ModerationAction, ModerationSeverity, ModerationSource } from '@platica/contracts';

export interface Moderation {
  totalStrikes: number;
  lastAction: ModerationAction | null;
  lastSource: ModerationSource | null;
  lastSeverity: ModerationSeverity | null;
  lastFlaggedAt: string | null;
  lastCategories: string[];
  lastMatchedTerms: string[];
  blockedAt: string | null;
  blockedBy: string | null;
  blockedReason: string | null;
}

/**
 * A customer of a workspace. `contactKey` is how channels find them: the E.164 phone number
 * (WhatsApp, API sends), or `facebook:<psid>` / `instagram:<igsid>` for page-scoped ids.
 */
const ClientSchema = defineEntity({
  name: 'Client',
  tableName: 'client',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    contactKey: p.text(),
    phoneNumber: p.text().nullable(),
    name: p.text().nullable(),
    firstname: p.text().nullable(),
    lastname: p.text().nullable(),
    email: p.text().nullable(),
    birthdate: p.text().nullable(),
    gender: p.text().nullable(),
    company: p.text().nullable(),
    country: p.text().nullable(),
    state: p.text().nullable(),
    city: p.text().nullable(),
    address: p.text().nullable(),
    postalCode: p.text().nullable(),
    status: p.text().$type<'active' | 'blocked'>(),
    moderation: p.json<Moderation>(),
    tags: p.json<string[]>(),
    owners: p.json<string[]>(),
    customFields: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'contactKey'], name: 'client_workspace_contact_key_unique' }],
  indexes: [{ properties: ['workspaceId', 'phoneNumber'], name: 'client_workspace_phone_number_index' }],
});
export class Client extends ClientSchema.class {}
ClientSchema.setClass(Client);
