import { Payload } from '@nestjs/microservices';
import { campaignOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CampaignListsService } from './campaign-lists.service';
import { CampaignsService } from './campaigns.service';

@RpcController()
export class CampaignsController {
  constructor(
    private readonly service: CampaignsService,
    private readonly lists: CampaignListsService,
  ) {}

  @Handles(ops.list)
  list(@Payload() request: OperationRequest<typeof ops.list>) {
    return this.lists.list(request);
  }

  @Handles(ops.runRecipients)
  runRecipients(@Payload() request: OperationRequest<typeof ops.runRecipients>) {
    return this.lists.recipients(request);
  }

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
  describe(@Payload() request: OperationRequest<typeof internalOperations.campaigns.describe>) {
    return this.service.describe(request);
  }
}
