import { Injectable } from '@nestjs/common';
import {
  type RpcRequest,
  type SeedAgent,
  type SeedSectionRequest,
  type SeedSectionResult,
  type SeedValidateRequest,
} from '@platica/contracts';
import { unsupportedSeedSection } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';

/**
 * The seed's agents section (SEED.md): created or updated by name, linked to the channel ids
 * resolved before; and `allowedTerms`, the workspace whitelist of the guardrails' lexicon (added).
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly allowedTerms: AllowedTermRepository,
  ) {}

  validate(request: RpcRequest<SeedValidateRequest>): { ok: true } {
    if (request.body.section !== 'agents' && request.body.section !== 'allowedTerms') throw unsupportedSeedSection(request.body.section);
    return { ok: true };
  }

  async apply(request: RpcRequest<SeedSectionRequest>): Promise<SeedSectionResult> {
    const { section, workspace, items, resolved, document } = request.body;
    if (section === 'allowedTerms') {
      await this.allowedTerms.add(workspace.id, items as string[]);
      return { ids: {} };
    }
    if (section !== 'agents') throw unsupportedSeedSection(section);
    return { ids: await this.agents.applySeed(workspace.id, items as SeedAgent[], resolved.channels ?? {}, document.channels) };
  }
}
