import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest, type SeedSectionRequest, type SeedSectionResult, type SeedValidateRequest } from '@platica/contracts';
import { RpcController, RpcHandler, unsupportedSeedSection } from '@platica/platform';
import { ChannelRepository } from '../channels/channel.repository';

const SUPPORTED = new Set(['internalChannel']);

/** The seed's messaging sections (SEED.md). Channels, templates, clients and custom fields arrive with the messaging core. */
@RpcController()
export class SeedController {
  constructor(private readonly channels: ChannelRepository) {}

  @RpcHandler(Subjects.messaging.seedValidate)
  validate(@Payload() request: RpcRequest<SeedValidateRequest>): { ok: true } {
    if (!SUPPORTED.has(request.body.section)) throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  @RpcHandler(Subjects.messaging.seedApply)
  async apply(@Payload() request: RpcRequest<SeedSectionRequest>): Promise<SeedSectionResult> {
    const { section, workspace } = request.body;
    if (section !== 'internalChannel') throw unsupportedSeedSection(section);
    const channel = await this.channels.ensureInternalChannel(workspace.id);
    return { ids: { internal: channel.id } };
  }
}
