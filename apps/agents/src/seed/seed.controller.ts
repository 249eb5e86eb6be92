import { Payload } from '@nestjs/microservices';
import { type OperationRequest, type SeedSectionResult, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SeedService } from './seed.service';

/**
 * The seed's agents section (docs/seed.md): created or updated by name, linked to the channel ids
 * resolved before; and `allowedTerms`, the workspace whitelist of the guardrails' lexicon (added).
 */
@RpcController()
export class SeedController {
  constructor(private readonly seeds: SeedService) {}

  @Handles(internalOperations.agents.seedValidate)
  validate(@Payload() request: OperationRequest<typeof internalOperations.agents.seedValidate>): { ok: true } {
    return this.seeds.validate(request);
  }

  @Handles(internalOperations.agents.seedApply)
  apply(@Payload() request: OperationRequest<typeof internalOperations.agents.seedApply>): Promise<SeedSectionResult> {
    return this.seeds.apply(request);
  }
}
