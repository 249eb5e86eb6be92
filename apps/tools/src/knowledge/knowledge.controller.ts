import { Payload } from '@nestjs/microservices';
import { knowledgeOperations as ops, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { KnowledgeService } from './knowledge.service';

/** `/v1/knowledge/bases…`. */
@RpcController()
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Handles(ops.basesList)
  listBases(@Payload() request: OperationRequest<typeof ops.basesList>) {
    return this.knowledge.listBases(request);
  }

  @Handles(ops.basesCreate)
  createBase(@Payload() request: OperationRequest<typeof ops.basesCreate>) {
    return this.knowledge.createBase(request);
  }

  @Handles(ops.basesGet)
  getBase(@Payload() request: OperationRequest<typeof ops.basesGet>) {
    return this.knowledge.getBase(request);
  }

  @Handles(ops.basesUpdate)
  updateBase(@Payload() request: OperationRequest<typeof ops.basesUpdate>) {
    return this.knowledge.updateBase(request);
  }

  @Handles(ops.basesDelete)
  deleteBase(@Payload() request: OperationRequest<typeof ops.basesDelete>) {
    return this.knowledge.deleteBase(request);
  }

  @Handles(ops.sourcesList)
  listSources(@Payload() request: OperationRequest<typeof ops.sourcesList>) {
    return this.knowledge.listSources(request);
  }

  @Handles(ops.sourcesCreate)
  createSource(@Payload() request: OperationRequest<typeof ops.sourcesCreate>) {
    return this.knowledge.createSource(request);
  }

  @Handles(ops.sourcesGet)
  getSource(@Payload() request: OperationRequest<typeof ops.sourcesGet>) {
    return this.knowledge.getSource(request);
  }

  @Handles(ops.sourcesUpdate)
  updateSource(@Payload() request: OperationRequest<typeof ops.sourcesUpdate>) {
    return this.knowledge.updateSource(request);
  }

  @Handles(ops.sourcesDelete)
  deleteSource(@Payload() request: OperationRequest<typeof ops.sourcesDelete>) {
    return this.knowledge.deleteSource(request);
  }

  @Handles(ops.sourcesReindex)
  reindexSource(@Payload() request: OperationRequest<typeof ops.sourcesReindex>) {
    return this.knowledge.reindexSource(request);
  }

  @Handles(ops.sourcePages)
  listPages(@Payload() request: OperationRequest<typeof ops.sourcePages>) {
    return this.knowledge.listPages(request);
  }

  @Handles(ops.search)
  search(@Payload() request: OperationRequest<typeof ops.search>) {
    return this.knowledge.search(request);
  }
}
