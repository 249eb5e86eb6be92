import { Payload } from '@nestjs/microservices';
import { campaignOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Handles, RpcController, writeScope } from '@platica/platform';
import { CampaignRepository } from './campaign.repository';
import { CampaignsService } from './campaigns.service';

@RpcController()
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly service: CampaignsService,
  ) {}

  @Handles(ops.get)
  get(@Payload() request: OperationRequest<typeof ops.get>) {
    return this.service.get(request);
  }

  @Handles(ops.update)
  update(@Payload() request: OperationRequest<typeof ops.update>) {
    return this.service.update(request);
  }

  @Handles(ops.send)
  send(@Payload() request: OperationRequest<typeof ops.send>) {
    return this.service.send(request);
  }

  /** For other services (messaging, before attributing a send): the campaign, 404 when it is not the workspace's. */
  @Handles(internalOperations.campaigns.describe)
  async describe(@Payload() request: OperationRequest<typeof internalOperations.campaigns.describe>) {
    const campaign = await this.campaigns.find(writeScope(request).id, request.body.campaignId);
    if (!campaign) throw DomainError.notFound('Campaign', request.body.campaignId);
    return { id: campaign.id, title: campaign.title };
  }
}
