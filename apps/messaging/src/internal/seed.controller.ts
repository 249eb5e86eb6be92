import { Payload } from '@nestjs/microservices';
import { type OperationRequest, type SeedSectionResult, internalOperations } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SeedService } from '../seed/seed.service';

/** The seed's messaging sections (docs/seed.md), each applied by natural key. */
@RpcController()
export class SeedController {
  constructor(private readonly seeds: SeedService) {}

  @Handles(internalOperations.messaging.seedValidate)
  validate(@Payload() request: OperationRequest<typeof internalOperations.messaging.seedValidate>): { ok: true } {
    return this.seeds.validate(request);
  }

  @Handles(internalOperations.messaging.seedApply)
  apply(@Payload() request: OperationRequest<typeof internalOperations.messaging.seedApply>): Promise<SeedSectionResult> {
    return this.seeds.apply(request);
  }
}
