import { hubspotContact, hubspotError, HUBSPOT_UNAUTHORIZED, type HubspotObject } from './fixtures/hubspot-crm';
import { HttpTarget, type TargetAnswer, type TargetRequest } from './http-target';

/**
 * HubSpot's CRM API v3 on loopback (INTEGRATIONS_HUBSPOT_BASE_URL), speaking its wire protocol
 * with a private app's bearer token: contacts searched by an `EQ` filter, created (409 when the
 * email is taken), notes created with their association to a contact. Fixtures and their
 * sources: libs/testing/src/fixtures/hubspot-crm.ts.
 */
export class FakeHubspot {
  readonly contacts: HubspotObject[] = [];
  readonly notes: { id: string; properties: Record<string, string>; associations: unknown }[] = [];
  /** How long each answer waits (a bench's remote time). */
  delayMs = 0;
  private nextId = 501;

  private constructor(
    private readonly target: HttpTarget,
    readonly accessToken: string,
  ) {}

  static async start(accessToken: string): Promise<FakeHubspot> {
    let fake: FakeHubspot | null = null;
    const target = await HttpTarget.start((request) => ({ ...fake!.answer(request), delayMs: fake!.delayMs }));
    fake = new FakeHubspot(target, accessToken);
    return fake;
  }

  get url(): string {
    return this.target.url;
  }

  get requests(): TargetRequest[] {
    return this.target.requests;
  }

  stop(): Promise<void> {
    return this.target.stop();
  }

  private answer(request: TargetRequest): TargetAnswer {
    if (request.headers.authorization !== `Bearer ${this.accessToken}`) return { status: 401, body: HUBSPOT_UNAUTHORIZED };
    const body = (request.json ?? {}) as Record<string, any>;
    if (request.method === 'POST' && request.path === '/crm/v3/objects/contacts/search') {
      const filters = (body.filterGroups ?? []).flatMap(
        (group: { filters: { propertyName: string; operator: string; value: string }[] }) => group.filters,
      );
      const results = this.contacts.filter((contact) =>
        filters.every(
          (f: { propertyName: string; operator: string; value: string }) =>
            f.operator === 'EQ' && contact.properties[f.propertyName] === f.value,
        ),
      );
      return { body: { total: results.length, results: results.slice(0, body.limit ?? 10) } };
    }
    if (request.method === 'POST' && request.path === '/crm/v3/objects/contacts') {
      const properties = (body.properties ?? {}) as Record<string, string>;
      const taken = this.contacts.find((c) => properties.email && c.properties.email === properties.email);
      if (taken) return { status: 409, body: hubspotError('CONFLICT', `Contact already exists. Existing ID: ${taken.id}`) };
      const contact = hubspotContact(String(this.nextId++), properties);
      this.contacts.push(contact);
      return { status: 201, body: contact };
    }
    if (request.method === 'POST' && request.path === '/crm/v3/objects/notes') {
      const note = { id: String(this.nextId++), properties: body.properties ?? {}, associations: body.associations };
      this.notes.push(note);
      return {
        status: 201,
        body: {
          id: note.id,
          properties: note.properties,
          createdAt: '2026-11-29T04:00:00.000Z',
          updatedAt: '2026-11-29T04:00:00.000Z',
          archived: false,
        },
      };
    }
    return { status: 404, body: hubspotError('OBJECT_NOT_FOUND', 'resource not found') };
  }
}
