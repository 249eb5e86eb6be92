import { Injectable } from '@nestjs/common';
import {
  internalOperations,
  type OperationRequest,
  type SeedChannel,
  type SeedClient,
  type SeedCustomField,
  type SeedSectionResult,
  type SeedTemplate,
} from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { unsupportedSeedSection } from '@platica/platform';
import { ChannelRepository } from '../channels/channel.repository';
import { ChannelSecretBox } from '../channels/channel-secrets';
import { ClientRepository } from '../clients/client.repository';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import { TemplateRepository } from '../templates/template.repository';

const SUPPORTED = new Set(['internalChannel', 'customFields', 'channels', 'channelDefaultAgents', 'templates', 'clients']);

/** The seed's messaging sections (docs/seed.md), each applied by natural key. */
@Injectable()
export class SeedService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly secretBox: ChannelSecretBox,
    private readonly customFields: CustomFieldRepository,
    private readonly templates: TemplateRepository,
    private readonly clients: ClientRepository,
  ) {}

  validate(request: OperationRequest<typeof internalOperations.messaging.seedValidate>): { ok: true } {
    const { section, items } = request.body;
    if (!SUPPORTED.has(section)) throw unsupportedSeedSection(section);
    // Refuse before anything is written when secrets could not be encrypted.
    if (section === 'channels' && items.length) this.secretBox.seal({ accessToken: 'probe', appSecret: 'probe', verifyToken: 'probe' });
    return { ok: true };
  }

  async apply(request: OperationRequest<typeof internalOperations.messaging.seedApply>): Promise<SeedSectionResult> {
    const { section, workspace, items, resolved } = request.body;
    switch (section) {
      case 'internalChannel':
        return { ids: { internal: (await this.channels.ensureInternalChannel(workspace.id)).id } };
      case 'customFields':
        return { ids: await this.customFields.applySeed(workspace.id, items as SeedCustomField[]) };
      case 'channels':
        return { ids: await this.channels.applySeed(workspace.id, items as SeedChannel[]) };
      case 'channelDefaultAgents': {
        const ids: Record<string, string> = {};
        for (const channel of items as SeedChannel[]) {
          const key = channel.ref ?? (channel.platform === 'whatsapp' ? channel.phoneNumber : channel.pageId);
          const channelId = resolved.channels?.[key];
          const agentId = channel.defaultAgentRef ? resolved.agents?.[channel.defaultAgentRef] : undefined;
          if (!channelId || !agentId) {
            throw DomainError.validation([
              { path: ['channels', key, 'defaultAgentRef'], message: `no agent "${channel.defaultAgentRef}" in the document` },
            ]);
          }
          await this.channels.setDefaultAgent(workspace.id, channelId, agentId);
          ids[key] = channelId;
        }
        return { ids };
      }
      case 'templates':
        return { ids: await this.templates.applySeed(workspace.id, items as SeedTemplate[], resolved.channels ?? {}) };
      case 'clients': {
        const active = (await this.customFields.activeKeys([workspace.id])).get(workspace.id) ?? new Set<string>();
        return { ids: await this.clients.applySeed(workspace.id, items as SeedClient[], active) };
      }
      case 'agents':
      case 'campaigns':
      case 'allowedTerms':
        throw unsupportedSeedSection(section);
    }
  }
}
