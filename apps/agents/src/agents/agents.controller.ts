import { Payload } from '@nestjs/microservices';
import { agentOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { AgentsService } from './agents.service';

/** Endpoints › Agents: read, update, prompt history, guardrails and assist rules. */
@RpcController()
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Handles(ops.list)
  list(@Payload() request: OperationRequest<typeof ops.list>) {
    return this.agents.list(request);
  }

  @Handles(ops.get)
  get(@Payload() request: OperationRequest<typeof ops.get>) {
    return this.agents.get(request);
  }

  /** For other services (the chat service, before a turn): the agent's status, 404 when it is not the workspace's. */
  @Handles(internalOperations.agents.strikeThresholds)
  strikeThresholds(@Payload() request: OperationRequest<typeof internalOperations.agents.strikeThresholds>) {
    return this.agents.strikeThresholds(request);
  }

  @Handles(internalOperations.agents.describe)
  describe(@Payload() request: OperationRequest<typeof internalOperations.agents.describe>) {
    return this.agents.describe(request);
  }

  @Handles(ops.update)
  update(@Payload() request: OperationRequest<typeof ops.update>) {
    return this.agents.update(request);
  }

  @Handles(ops.promptGet)
  prompt(@Payload() request: OperationRequest<typeof ops.promptGet>) {
    return this.agents.prompt(request);
  }

  @Handles(ops.promptCreate)
  createPrompt(@Payload() request: OperationRequest<typeof ops.promptCreate>) {
    return this.agents.createPrompt(request);
  }

  @Handles(ops.promptActivate)
  activatePrompt(@Payload() request: OperationRequest<typeof ops.promptActivate>) {
    return this.agents.activatePrompt(request);
  }

  @Handles(ops.guardrailsGet)
  guardrails(@Payload() request: OperationRequest<typeof ops.guardrailsGet>) {
    return this.agents.guardrails(request);
  }

  @Handles(ops.guardrailsUpdate)
  updateGuardrails(@Payload() request: OperationRequest<typeof ops.guardrailsUpdate>) {
    return this.agents.updateGuardrails(request);
  }

  @Handles(ops.assistRulesGet)
  assistRules(@Payload() request: OperationRequest<typeof ops.assistRulesGet>) {
    return this.agents.assistRules(request);
  }

  @Handles(ops.assistRulesUpdate)
  updateAssistRules(@Payload() request: OperationRequest<typeof ops.assistRulesUpdate>) {
    return this.agents.updateAssistRules(request);
  }
}
