import { Payload } from '@nestjs/microservices';
import { Subjects, type RpcRequest, type SeedValidateRequest } from '@platica/contracts';
import { RpcController, RpcHandler, unsupportedSeedSection } from '@platica/platform';

/** The seed's agents section: answered honestly with 501 until the agents issue builds agents. */
@RpcController()
export class SeedController {
  @RpcHandler(Subjects.agents.seedValidate)
  validate(@Payload() request: RpcRequest<SeedValidateRequest>): never {
    throw unsupportedSeedSection(request.body.section);
  }

  @RpcHandler(Subjects.agents.seedApply)
  apply(@Payload() request: RpcRequest<SeedValidateRequest>): never {
    throw unsupportedSeedSection(request.body.section);
  }
}
