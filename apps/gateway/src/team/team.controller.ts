import { Payload } from '@nestjs/microservices';
import { teamOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { TeamService } from './team.service';

/** `/v1/team`: the gateway's own operations, served over NATS like any service's. */
@RpcController()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Handles(teamOperations.list)
  list(@Payload() request: OperationRequest<typeof teamOperations.list>) {
    return this.team.list(request);
  }

  @Handles(teamOperations.invite)
  invite(@Payload() request: OperationRequest<typeof teamOperations.invite>) {
    return this.team.invite(request);
  }

  @Handles(teamOperations.cancelInvitation)
  cancelInvitation(@Payload() request: OperationRequest<typeof teamOperations.cancelInvitation>) {
    return this.team.cancelInvitation(request);
  }

  @Handles(teamOperations.changeRole)
  changeRole(@Payload() request: OperationRequest<typeof teamOperations.changeRole>) {
    return this.team.changeRole(request);
  }

  @Handles(teamOperations.remove)
  remove(@Payload() request: OperationRequest<typeof teamOperations.remove>) {
    return this.team.remove(request);
  }
}
