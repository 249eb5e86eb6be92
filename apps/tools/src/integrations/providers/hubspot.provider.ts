import { z } from 'zod';
import { badgeIcon, providerTool, type IntegrationProvider } from './provider';

const CONTACT_PROPERTIES = ['email', 'firstname', 'lastname', 'phone', 'company', 'lifecyclestage'];
/** HubSpot's association type of a note to a contact (HUBSPOT_DEFINED 202). */
const NOTE_TO_CONTACT = 202;

/**
 * HubSpot's CRM API v3 (https://developers.hubspot.com/docs/api/crm/understanding-the-crm), with a
 * private app's access token (scopes `crm.objects.contacts.read` and `.write`): the customer as a
 * contact, found or created, and what the agent learnt left on it as a note.
 */
export const hubspotProvider: IntegrationProvider = {
  id: 'hubspot',
  name: 'HubSpot',
  description: 'Find or create the customer as a HubSpot contact and leave notes on their record.',
  icon: badgeIcon('H', '#ff7a59'),
  auth: { type: 'api_key', headers: (token) => ({ authorization: `Bearer ${token}` }) },
  settings: [],
  baseUrl: (_settings, config) => config.INTEGRATIONS_HUBSPOT_BASE_URL,
  tools: [
    providerTool({
      name: 'find_contact',
      description: "Finds the customer's contact record in the CRM by email or phone: name, company, lifecycle stage and its contact id.",
      input: z
        .object({
          email: z.string().max(320).optional().describe("The customer's email"),
          phone: z.string().max(50).optional().describe("The customer's phone number"),
        })
        .refine((args) => args.email || args.phone, { message: 'give email or phone' }),
      run: async (api, args) => {
        const filter = args.email
          ? { propertyName: 'email', operator: 'EQ', value: args.email }
          : { propertyName: 'phone', operator: 'EQ', value: args.phone };
        const answer = (await api.request('POST', '/crm/v3/objects/contacts/search', {
          json: { filterGroups: [{ filters: [filter] }], properties: CONTACT_PROPERTIES, limit: 5 },
        })) as { total: number; results: HubspotContact[] };
        return { total: answer.total, contacts: answer.results.map(contactView) };
      },
    }),
    providerTool({
      name: 'create_contact',
      description: 'Creates a contact record for the customer in the CRM (when find_contact found none); answers its contact id.',
      input: z.object({
        email: z.email().optional().describe("The customer's email"),
        firstname: z.string().max(100).optional().describe('First name'),
        lastname: z.string().max(100).optional().describe('Last name'),
        phone: z.string().max(50).optional().describe('Phone number'),
      }),
      run: async (api, args) => {
        const properties = Object.fromEntries(Object.entries(args).filter(([, value]) => value));
        const contact = (await api.request('POST', '/crm/v3/objects/contacts', { json: { properties } })) as HubspotContact;
        return contactView(contact);
      },
    }),
    providerTool({
      name: 'add_note',
      description: "Leaves a note on a contact's record (what the customer asked or agreed), by its contact id.",
      input: z.object({
        contactId: z
          .string()
          .regex(/^\d+$/, 'a HubSpot contact id')
          .describe('The contact id, as find_contact or create_contact answered it'),
        text: z.string().min(1).max(5_000).describe("The note's text"),
      }),
      run: async (api, args) => {
        const note = (await api.request('POST', '/crm/v3/objects/notes', {
          json: {
            properties: { hs_timestamp: new Date().toISOString(), hs_note_body: args.text },
            associations: [
              { to: { id: args.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] },
            ],
          },
        })) as { id: string; createdAt: string };
        return { noteId: note.id, contactId: args.contactId, createdAt: note.createdAt };
      },
    }),
  ],
};

interface HubspotContact {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
}

function contactView(contact: HubspotContact) {
  const p = contact.properties;
  return {
    contactId: contact.id,
    name: [p.firstname, p.lastname].filter(Boolean).join(' ') || null,
    email: p.email ?? null,
    phone: p.phone ?? null,
    company: p.company ?? null,
    lifecycleStage: p.lifecyclestage ?? null,
    createdAt: contact.createdAt,
  };
}
