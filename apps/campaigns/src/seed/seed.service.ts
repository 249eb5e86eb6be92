import { Injectable } from '@nestjs/common';
import {
  type RpcRequest,
  type SeedCampaign,
  type SeedSectionRequest,
  type SeedSectionResult,
  type SeedValidateRequest,
} from '@platica/contracts';
import { unsupportedSeedSection } from '@platica/platform';
import { CampaignRepository } from '../campaigns/campaign.repository';

/** The seed's campaigns section: stored as given, with their audiences (SEED.md). */
@Injectable()
export class SeedService {
  constructor(private readonly campaigns: CampaignRepository) {}

  validate(request: RpcRequest<SeedValidateRequest>): { ok: true } {
    if (request.body.section !== 'campaigns') throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  async apply(request: RpcRequest<SeedSectionRequest>): Promise<SeedSectionResult> {
    const { section, workspace, items, document } = request.body;
    if (section !== 'campaigns') throw unsupportedSeedSection(section);
    return { ids: await this.campaigns.applySeed(workspace.id, items as SeedCampaign[], document.templates) };
  }
}
