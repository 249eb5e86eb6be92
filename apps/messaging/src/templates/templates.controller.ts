import { Payload } from '@nestjs/microservices';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TemplatesService } from './templates.service';

/** Endpoints › Templates (not in the spec). The gateway guarantees one workspace. */
@RpcController()
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Handles(messagingOperations.templatesList)
  list(@Payload() request: OperationRequest<typeof messagingOperations.templatesList>) {
    return this.templates.list(request);
  }
}
