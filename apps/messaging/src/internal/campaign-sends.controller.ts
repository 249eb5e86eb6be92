import { Payload } from '@nestjs/microservices';
import { internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CampaignSendsService } from '../campaign-sends/campaign-sends.service';

/** What the campaigns service asks of messaging for a campaign's runs (internal operations). */
@RpcController()
export class CampaignSendsController {
  constructor(private readonly sends: CampaignSendsService) {}

  @Handles(internalOperations.messaging.campaignsPrepare)
  prepare(@Payload() request: OperationRequest<typeof internalOperations.messaging.campaignsPrepare>) {
    return this.sends.prepare(request);
  }

  @Handles(internalOperations.messaging.campaignsSchedule)
  schedule(@Payload() request: OperationRequest<typeof internalOperations.messaging.campaignsSchedule>) {
    return this.sends.schedule(request);
  }

  @Handles(internalOperations.messaging.campaignsDeliver)
  deliver(@Payload() request: OperationRequest<typeof internalOperations.messaging.campaignsDeliver>) {
    return this.sends.deliver(request);
  }

  @Handles(internalOperations.messaging.templatesDescribe)
  describeTemplate(@Payload() request: OperationRequest<typeof internalOperations.messaging.templatesDescribe>) {
    return this.sends.describeTemplate(request);
  }
}
