import { Payload } from '@nestjs/microservices';
import { internalOperations, type RpcRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Handles, RpcController, writeScope } from '@platica/platform';
import { CampaignRepository } from './campaign.repository';

@RpcController()
export class CampaignsController {
  constructor(private readonly campaigns: CampaignRepository) {}

  /** For other services (messaging, before attributing a send): the campaign, 404 when it is not the workspace's. */
  @Handles(internalOperations.campaigns.describe)
  async describe(@Payload() request: RpcRequest<{ campaignId: string }>) {
    const campaign = await this.campaigns.find(writeScope(request).id, request.body.campaignId);
    if (!campaign) throw DomainError.notFound('Campaign', request.body.campaignId);
    return { id: campaign.id, title: campaign.title };
  }
}
