import { Payload } from '@nestjs/microservices';
import { type OperationRequest, type SeedSectionResult, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SeedService } from './seed.service';

/** The seed's campaigns section: stored as given, with their audiences (docs/seed.md). */
@RpcController()
export class SeedController {
  constructor(private readonly seeds: SeedService) {}

  @Handles(internalOperations.campaigns.seedValidate)
  validate(@Payload() request: OperationRequest<typeof internalOperations.campaigns.seedValidate>): { ok: true } {
    return this.seeds.validate(request);
  }

  @Handles(internalOperations.campaigns.seedApply)
  apply(@Payload() request: OperationRequest<typeof internalOperations.campaigns.seedApply>): Promise<SeedSectionResult> {
    return this.seeds.apply(request);
  }
}
