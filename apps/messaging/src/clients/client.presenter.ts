import type { Client, Moderation } from './client.entity';

export const EMPTY_MODERATION: Moderation = {
  totalStrikes: 0,
  lastAction: null,
  lastSource: null,
  lastSeverity: null,
  lastFlaggedAt: null,
  lastCategories: [],
  lastMatchedTerms: [],
  blockedAt: null,
  blockedBy: null,
  blockedReason: null,
};

/** Fields an integrator may write on a client (spec › Client object in a send request). */
export const PROFILE_FIELDS = [
  'name',
  'firstname',
  'lastname',
  'email',
  'birthdate',
  'gender',
  'company',
  'country',
  'state',
  'city',
  'address',
  'postalCode',
] as const;

export type ClientRow = Pick<
  Client,
  | (typeof PROFILE_FIELDS)[number]
  | 'id'
  | 'phoneNumber'
  | 'status'
  | 'moderation'
  | 'tags'
  | 'owners'
  | 'customFields'
  | 'createdAt'
  | 'updatedAt'
>;

/** The client record of `GET /v1/clients/{id}`: the full `moderation` block, only active custom fields. */
export function presentClient(row: ClientRow, activeFields: Set<string>) {
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, row[field] ?? null])) as Record<
    (typeof PROFILE_FIELDS)[number],
    string | null
  >;
  return {
    id: row.id,
    phoneNumber: row.phoneNumber ?? null,
    ...profile,
    status: row.status,
    moderation: { ...EMPTY_MODERATION, ...row.moderation },
    tags: row.tags ?? [],
    owners: row.owners ?? [],
    customFields: Object.fromEntries(Object.entries(row.customFields ?? {}).filter(([key]) => activeFields.has(key))),
    creationDate: new Date(row.createdAt).toISOString(),
    lastUpdate: new Date(row.updatedAt).toISOString(),
  };
}
export type ClientRecord = ReturnType<typeof presentClient>;
