import { z } from 'zod';
import { WORKSPACE_ROLES } from './api-keys';

/**
 * The admin seed document (docs/seed.md): one workspace with everything in it, applied like
 * `kubectl apply` (matched by natural keys, created when missing, updated otherwise).
 * The gateway validates the whole document once with this schema, then hands each
 * section to the service that owns it (ARCHITECTURE.md › Admin API).
 */
const ref = z.string().min(1).max(100).optional();
const email = z.email();
const e164 = z.string().regex(/^\d{8,15}$/, 'an E.164 phone number without "+"');
const metaId = z.string().regex(/^\d{1,32}$/, 'a numeric Meta id');

/** A workspace's credit limit: billable messages per billing period (docs/usage.md › Credit limit). */
export const creditLimitSchema = z.number().int().min(0).max(1_000_000_000);

export const seedWorkspaceSchema = z.object({
  name: z.string().trim().min(1).max(200),
  timezone: z
    .string()
    .default('America/Mexico_City')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as America/Mexico_City'),
  /**
   * Billable messages the workspace may send per billing period (docs/usage.md › Credit limit);
   * `null` removes the limit; absent leaves it as it is (none for a new workspace).
   */
  creditLimit: creditLimitSchema.nullable().optional(),
});

export const seedUserSchema = z.object({
  email,
  name: z.string().max(200).optional(),
  password: z.string().min(8).max(200).optional(),
  /** `admin` (the default) or `agent`: a human support agent, who reaches the inbox only. */
  role: z.enum(WORKSPACE_ROLES).optional(),
});

export const seedApiKeySchema = z.object({
  ref,
  name: z.string().trim().min(1).max(100),
  ownerEmail: email.optional(),
  rateLimitPerSecond: z.number().int().min(1).max(100_000).default(30),
});

export const seedCustomFieldSchema = z.object({
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'letters, digits and _, starting with a letter'),
  type: z.enum(['string', 'number', 'boolean', 'date']).default('string'),
  active: z.boolean().default(true),
});

const metaSecrets = {
  accessToken: z.string().min(1).max(1000),
  appSecret: z.string().min(1).max(200),
  verifyToken: z.string().min(1).max(200),
};

export const seedChannelSchema = z.discriminatedUnion('platform', [
  z.object({
    ref,
    platform: z.literal('whatsapp'),
    name: z.string().trim().min(1).max(100),
    phoneNumber: e164,
    phoneNumberId: metaId,
    wabaId: metaId,
    defaultAgentRef: z.string().optional(),
    ...metaSecrets,
  }),
  z.object({
    ref,
    platform: z.enum(['instagram', 'facebook']),
    name: z.string().trim().min(1).max(100),
    pageId: metaId,
    defaultAgentRef: z.string().optional(),
    ...metaSecrets,
  }),
]);

export const seedAgentSchema = z.looseObject({
  ref,
  name: z.string().trim().min(1).max(100),
  status: z.enum(['active', 'inactive']).default('active'),
  systemPrompt: z.string().max(100_000).default(''),
  channelRefs: z.array(z.string()).default([]),
  owners: z.array(email).default([]),
});

export const seedTemplateSchema = z.object({
  ref,
  channelRef: z.string(),
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'lowercase letters, digits and _'),
  language: z.string().min(2).max(15),
  category: z.enum(['marketing', 'utility', 'authentication']),
  status: z.enum(['approved', 'pending', 'rejected']).default('approved'),
  body: z.string().min(1).max(1024),
  header: z.object({ type: z.enum(['text', 'image', 'video', 'document']), text: z.string().max(60).optional() }).optional(),
  footer: z.string().max(60).optional(),
  buttons: z
    .array(
      z.object({
        type: z.enum(['url', 'phone_number', 'quick_reply', 'otp']),
        text: z.string().min(1).max(25),
        url: z.string().optional(),
        phoneNumber: z.string().optional(),
      }),
    )
    .max(10)
    .default([]),
});

export const seedCampaignSchema = z.object({
  ref,
  title: z.string().trim().min(1).max(200),
  category: z.enum(['marketing', 'utility']),
  platform: z.enum(['whatsapp', 'instagram', 'facebook']).default('whatsapp'),
  templateRef: z.string().optional(),
  message: z.string().max(4096).optional(),
  owners: z.array(email).default([]),
  audience: z
    .array(z.object({ phoneNumber: e164, name: z.string().max(200).optional(), params: z.array(z.string()).optional() }))
    .default([]),
});

export const seedClientSchema = z.looseObject({
  ref,
  phoneNumber: e164,
  name: z.string().max(200).optional(),
  email: email.optional(),
  status: z.enum(['active', 'blocked']).default('active'),
});

export const seedDocumentSchema = z.object({
  workspace: seedWorkspaceSchema,
  users: z.array(seedUserSchema).default([]),
  apiKeys: z.array(seedApiKeySchema).default([]),
  customFields: z.array(seedCustomFieldSchema).default([]),
  channels: z.array(seedChannelSchema).default([]),
  agents: z.array(seedAgentSchema).default([]),
  templates: z.array(seedTemplateSchema).default([]),
  campaigns: z.array(seedCampaignSchema).default([]),
  clients: z.array(seedClientSchema).default([]),
  /** Terms the guardrails' lexicon lets through in this workspace (added; never removed by a seed). */
  allowedTerms: z.array(z.string().trim().min(1).max(100)).max(1000).default([]),
});

export type SeedDocument = z.output<typeof seedDocumentSchema>;
export type SeedChannel = z.output<typeof seedChannelSchema>;
export type SeedAgent = z.output<typeof seedAgentSchema>;
export type SeedTemplate = z.output<typeof seedTemplateSchema>;
export type SeedCampaign = z.output<typeof seedCampaignSchema>;
export type SeedClient = z.output<typeof seedClientSchema>;
export type SeedCustomField = z.output<typeof seedCustomFieldSchema>;

/** Sections applied by services other than the gateway, in the order they are applied. */
export const SERVICE_SEED_SECTIONS = [
  { section: 'internalChannel', service: 'messaging' },
  { section: 'customFields', service: 'messaging' },
  { section: 'channels', service: 'messaging' },
  { section: 'agents', service: 'agents' },
  { section: 'channelDefaultAgents', service: 'messaging' },
  { section: 'templates', service: 'messaging' },
  { section: 'campaigns', service: 'campaigns' },
  { section: 'clients', service: 'messaging' },
  { section: 'allowedTerms', service: 'agents' },
] as const;

export type SeedSection = (typeof SERVICE_SEED_SECTIONS)[number]['section'];

/** What the gateway asks a service before writing anything: can it apply this section? */
export interface SeedValidateRequest {
  section: SeedSection;
  items: unknown[];
  document: SeedDocument;
}

/** What the gateway sends a service for one section. */
export interface SeedSectionRequest {
  section: SeedSection;
  workspace: { id: string; name: string; timezone: string };
  users: { id: string; email: string }[];
  /** The section's items as validated by `seedDocumentSchema`. */
  items: unknown[];
  /** Ids already resolved, by section and ref (channels, agents, templates…). */
  resolved: Record<string, Record<string, string>>;
  /** The whole document, for sections that read across it (e.g. a campaign's template). */
  document: SeedDocument;
}

/** A service's answer: the id of every item, keyed by its ref (or natural key when it has none). */
export interface SeedSectionResult {
  ids: Record<string, string>;
}
