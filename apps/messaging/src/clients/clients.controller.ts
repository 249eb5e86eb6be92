import { Payload } from '@nestjs/microservices';
import { messagingOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { ClientsService } from './clients.service';

/** `GET /v1/clients` (search), `GET /v1/clients/{id}` (by id or E.164 phone without `+`) and `PATCH /v1/clients/{id}` (block, unblock). */
@RpcController()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Handles(messagingOperations.clientsList)
  list(@Payload() request: OperationRequest<typeof messagingOperations.clientsList>) {
    return this.clients.list(request);
  }

  @Handles(messagingOperations.clientsGet)
  get(@Payload() request: OperationRequest<typeof messagingOperations.clientsGet>) {
    return this.clients.get(request);
  }

  @Handles(messagingOperations.clientsUpdate)
  update(@Payload() request: OperationRequest<typeof messagingOperations.clientsUpdate>) {
    return this.clients.update(request);
  }
}
