import { Injectable } from '@nestjs/common';
import { internalOperations, type OperationRequest, type SeedCampaign, type SeedSectionResult } from '@platica/contracts';
import { unsupportedSeedSection } from '@platica/platform';
import { CampaignRepository } from '../campaigns/campaign.repository';

/** The seed's campaigns section: stored as given, with their audiences (docs/seed.md). */
@Injectable()
export class SeedService {
  constructor(private readonly campaigns: CampaignRepository) {}

  validate(request: OperationRequest<typeof internalOperations.campaigns.seedValidate>): { ok: true } {
    if (request.body.section !== 'campaigns') throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  async apply(request: OperationRequest<typeof internalOperations.campaigns.seedApply>): Promise<SeedSectionResult> {
    const { section, workspace, items, document } = request.body;
    if (section !== 'campaigns') throw unsupportedSeedSection(section);
    return { ids: await this.campaigns.applySeed(workspace.id, items as SeedCampaign[], document.templates) };
  }
}
