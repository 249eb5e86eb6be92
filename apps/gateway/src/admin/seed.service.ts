import { Injectable } from '@nestjs/common';
import {
  SERVICE_SEED_SECTIONS,
  internalOperations,
  seedDocumentSchema,
  type AuthContext,
  type RpcRequest,
  type SeedDocument,
  type SeedSection,
  type SeedSectionRequest,
  type SeedValidateRequest,
} from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { RpcClient, currentRequestId } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';
import { checkSeedReferences } from './seed-references';

/** Where each section's ids go in the answer (docs/seed.md › The answer). */
const ANSWER_KEY: Record<SeedSection, string | null> = {
  internalChannel: 'channels',
  customFields: null,
  channels: 'channels',
  agents: 'agents',
  channelDefaultAgents: null,
  templates: 'templates',
  campaigns: 'campaigns',
  clients: 'clients',
  allowedTerms: null,
};

/**
 * Applies a seed document (docs/seed.md): the gateway's own sections (workspace, users, API
 * keys), then each other section through the service that owns it, in dependency order.
 * Every owning service is asked first whether it can apply its section, so a section not
 * built yet answers 501 before anything is written.
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly identity: IdentityRepository,
    private readonly rpc: RpcClient,
  ) {}

  async apply(input: unknown): Promise<Record<string, unknown>> {
    // `POST /admin/seed` is an admin route of the gateway, not an operation: its body is parsed here.
    const doc = parseOrThrow(seedDocumentSchema, input, 'Invalid seed document');
    checkSeedReferences(doc, await this.identity.memberEmails(doc.workspace.name));
    const sections = SERVICE_SEED_SECTIONS.filter(({ section }) => section === 'internalChannel' || itemsOf(doc, section).length > 0);

    for (const { section, service } of sections) {
      const body: SeedValidateRequest = { section, items: itemsOf(doc, section), document: doc };
      await this.rpc.call(internalOperations[service].seedValidate, this.envelope(body, null));
    }

    const identity = await this.identity.applySeed(doc);
    const resolved: Record<string, Record<string, string>> = {};
    for (const { section, service } of sections) {
      const body: SeedSectionRequest = {
        section,
        workspace: identity.workspace,
        users: identity.users,
        items: itemsOf(doc, section),
        resolved,
        document: doc,
      };
      const result = await this.rpc.call(internalOperations[service].seedApply, this.envelope(body, identity.workspace));
      resolved[section] = result.ids;
    }

    const answer: Record<string, unknown> = {
      workspace: { id: identity.workspace.id, name: identity.workspace.name },
      apiKeys: identity.apiKeys,
      users: Object.fromEntries(identity.users.map((u) => [u.email, { id: u.id }])),
    };
    for (const [section, ids] of Object.entries(resolved)) {
      const key = ANSWER_KEY[section as SeedSection];
      if (!key) continue;
      const group = (answer[key] ??= {}) as Record<string, { id: string }>;
      for (const [ref, id] of Object.entries(ids)) group[ref] = { id };
    }
    return answer;
  }

  private envelope<Body>(body: Body, workspace: { id: string; name: string } | null): RpcRequest<Body> {
    const auth: AuthContext = {
      principal: 'admin',
      credentialType: 'admin',
      workspaceIds: workspace ? [workspace.id] : [],
      workspaces: workspace ? [{ id: workspace.id, name: workspace.name }] : [],
      scopes: ['platica:read', 'platica:write'],
      userId: null,
      userEmail: null,
    };
    return { auth, workspaceId: workspace?.id ?? null, params: {}, query: {}, body, requestId: currentRequestId() ?? 'admin-seed' };
  }
}

function itemsOf(doc: SeedDocument, section: SeedSection): unknown[] {
  if (section === 'internalChannel') return [];
  if (section === 'channelDefaultAgents') return doc.channels.filter((channel) => channel.defaultAgentRef !== undefined);
  return doc[section];
}
