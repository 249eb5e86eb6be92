import { Injectable } from '@nestjs/common';
import { internalOperations, type ChannelsDescribed, type OperationRequest } from '@platica/contracts';
import { writeScope } from '@platica/platform';
import { ChannelRepository } from './channel.repository';

@Injectable()
export class ChannelsService {
  constructor(private readonly channels: ChannelRepository) {}

  /** For other services (agents, before assigning channels): each reference resolved in the workspace, null when it is not its channel. */
  async describe(request: OperationRequest<typeof internalOperations.messaging.channelsDescribe>): Promise<ChannelsDescribed> {
    const workspaceId = writeScope(request).id;
    const channels = await Promise.all(request.body.refs.map((ref) => this.channels.findForWorkspace(workspaceId, ref)));
    return { channels: channels.map((c) => (c ? { id: c.id, platform: c.platform, phoneNumber: c.phoneNumber } : null)) };
  }

  /** For agents, before deleting one: the channels whose new conversations go to it. */
  async ofAgent(request: OperationRequest<typeof internalOperations.messaging.channelsOfAgent>): Promise<ChannelsDescribed> {
    const channels = await this.channels.withDefaultAgent(writeScope(request).id, request.body.agentId);
    return { channels: channels.map((c) => ({ id: c.id, platform: c.platform, phoneNumber: c.phoneNumber ?? null })) };
  }
}
