import { Payload } from '@nestjs/microservices';
import {
  type RpcRequest,
  type SeedSectionRequest,
  type SeedSectionResult,
  type SeedValidateRequest,
  internalOperations,
} from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SeedService } from './seed.service';

/** The seed's messaging sections (SEED.md), each applied by natural key. */
@RpcController()
export class SeedController {
  constructor(private readonly seeds: SeedService) {}

  @Handles(internalOperations.messaging.seedValidate)
  validate(@Payload() request: RpcRequest<SeedValidateRequest>): { ok: true } {
    return this.seeds.validate(request);
  }

  @Handles(internalOperations.messaging.seedApply)
  apply(@Payload() request: RpcRequest<SeedSectionRequest>): Promise<SeedSectionResult> {
    return this.seeds.apply(request);
  }
}
