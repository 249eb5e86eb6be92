import { Payload } from '@nestjs/microservices';
import {
  internalOperations,
  type CampaignDeliverRequest,
  type CampaignPrepareRequest,
  type CampaignScheduleRequest,
  type RpcRequest,
  type TemplateDescribeRequest,
} from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { CampaignSendsService } from './campaign-sends.service';

/** What the campaigns service asks of messaging for a campaign's runs (internal operations). */
@RpcController()
export class CampaignSendsController {
  constructor(private readonly sends: CampaignSendsService) {}

  @Handles(internalOperations.messaging.campaignsPrepare)
  prepare(@Payload() request: RpcRequest<CampaignPrepareRequest>) {
    return this.sends.prepare(request);
  }

  @Handles(internalOperations.messaging.campaignsSchedule)
  schedule(@Payload() request: RpcRequest<CampaignScheduleRequest>) {
    return this.sends.schedule(request);
  }

  @Handles(internalOperations.messaging.campaignsDeliver)
  deliver(@Payload() request: RpcRequest<CampaignDeliverRequest>) {
    return this.sends.deliver(request);
  }

  @Handles(internalOperations.messaging.templatesDescribe)
  describeTemplate(@Payload() request: RpcRequest<TemplateDescribeRequest>) {
    return this.sends.describeTemplate(request);
  }
}
