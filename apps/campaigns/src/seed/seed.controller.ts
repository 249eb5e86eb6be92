import { Payload } from '@nestjs/microservices';
import {
  type OperationRequest,
  type SeedCampaign,
  type SeedSectionResult,
  internalOperations,
} from '@platica/contracts';
import { Handles, RpcController, unsupportedSeedSection } from '@platica/platform';
import { CampaignRepository } from '../campaigns/campaign.repository';

/** The seed's campaigns section: stored as given, with their audiences (SEED.md). */
@RpcController()
export class SeedController {
  constructor(private readonly campaigns: CampaignRepository) {}

  @Handles(internalOperations.campaigns.seedValidate)
  validate(@Payload() request: OperationRequest<typeof internalOperations.campaigns.seedValidate>): { ok: true } {
    if (request.body.section !== 'campaigns') throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  @Handles(internalOperations.campaigns.seedApply)
  async apply(@Payload() request: OperationRequest<typeof internalOperations.campaigns.seedApply>): Promise<SeedSectionResult> {
    const { section, workspace, items, document } = request.body;
    if (section !== 'campaigns') throw unsupportedSeedSection(section);
    return { ids: await this.campaigns.applySeed(workspace.id, items as SeedCampaign[], document.templates) };
  }
}
