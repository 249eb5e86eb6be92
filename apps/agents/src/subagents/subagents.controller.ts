import { Payload } from '@nestjs/microservices';
import { agentOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { SubagentsService } from './subagents.service';

/** Endpoints › Sub-agents: an agent's connections to other agents of its workspace. */
@RpcController()
export class SubagentsController {
  constructor(private readonly subagents: SubagentsService) {}

  @Handles(ops.subagentsList)
  list(@Payload() request: OperationRequest<typeof ops.subagentsList>) {
    return this.subagents.list(request);
  }

  @Handles(ops.subagentsAvailable)
  available(@Payload() request: OperationRequest<typeof ops.subagentsAvailable>) {
    return this.subagents.available(request);
  }

  @Handles(ops.subagentsConnect)
  connect(@Payload() request: OperationRequest<typeof ops.subagentsConnect>) {
    return this.subagents.connect(request);
  }

  @Handles(ops.subagentsCreate)
  create(@Payload() request: OperationRequest<typeof ops.subagentsCreate>) {
    return this.subagents.create(request);
  }

  @Handles(ops.subagentsUpdate)
  update(@Payload() request: OperationRequest<typeof ops.subagentsUpdate>) {
    return this.subagents.update(request);
  }

  @Handles(ops.subagentsDisconnect)
  disconnect(@Payload() request: OperationRequest<typeof ops.subagentsDisconnect>) {
    return this.subagents.disconnect(request);
  }
}
