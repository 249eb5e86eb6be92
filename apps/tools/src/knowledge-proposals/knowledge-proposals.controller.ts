import { Payload } from '@nestjs/microservices';
import { internalOperations, knowledgeProposalOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { AgentKnowledgeSearch } from './agent-knowledge-search';
import { KnowledgeProposalsService } from './knowledge-proposals.service';

/** `/v1/knowledge/proposals…`, and what the agents service asks of knowledge for people (proposals, reply drafts' retrieval). */
@RpcController()
export class KnowledgeProposalsController {
  constructor(
    private readonly proposals: KnowledgeProposalsService,
    private readonly agentSearch: AgentKnowledgeSearch,
  ) {}

  @Handles(ops.list)
  list(@Payload() request: OperationRequest<typeof ops.list>) {
    return this.proposals.list(request);
  }

  @Handles(ops.get)
  get(@Payload() request: OperationRequest<typeof ops.get>) {
    return this.proposals.get(request);
  }

  @Handles(ops.update)
  update(@Payload() request: OperationRequest<typeof ops.update>) {
    return this.proposals.update(request);
  }

  @Handles(ops.accept)
  accept(@Payload() request: OperationRequest<typeof ops.accept>) {
    return this.proposals.accept(request);
  }

  @Handles(ops.discard)
  discard(@Payload() request: OperationRequest<typeof ops.discard>) {
    return this.proposals.discard(request);
  }

  @Handles(internalOperations.tools.knowledgePropose)
  propose(@Payload() request: OperationRequest<typeof internalOperations.tools.knowledgePropose>) {
    return this.proposals.propose(request);
  }

  @Handles(internalOperations.tools.knowledgeAgentSearch)
  search(@Payload() request: OperationRequest<typeof internalOperations.tools.knowledgeAgentSearch>) {
    return this.agentSearch.run(request.body);
  }
}
