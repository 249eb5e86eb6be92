import { Injectable } from '@nestjs/common';
import { internalOperations, type OperationRequest, type SeedAgent, type SeedSectionResult } from '@platica/contracts';
import { unsupportedSeedSection } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';

/**
 * The seed's agents section (docs/seed.md): created or updated by name, linked to the channel ids
 * resolved before; and `allowedTerms`, the workspace whitelist of the guardrails' lexicon (added).
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly allowedTerms: AllowedTermRepository,
  ) {}

  validate(request: OperationRequest<typeof internalOperations.agents.seedValidate>): { ok: true } {
    if (request.body.section !== 'agents' && request.body.section !== 'allowedTerms') throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  async apply(request: OperationRequest<typeof internalOperations.agents.seedApply>): Promise<SeedSectionResult> {
    const { section, workspace, items, resolved, document } = request.body;
    if (section === 'allowedTerms') {
      await this.allowedTerms.add(workspace.id, items as string[]);
      return { ids: {} };
    }
    if (section !== 'agents') throw unsupportedSeedSection(section);
    return { ids: await this.agents.applySeed(workspace.id, items as SeedAgent[], resolved.channels ?? {}, document.channels) };
  }
}
