import { Payload } from '@nestjs/microservices';
import { integrationOperations, internalOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { IntegrationOauthFlow } from './integration-oauth-flow';
import { IntegrationsService } from './integrations.service';

/** `/v1/tools/integrations…`, and the OAuth callback the gateway forwards. */
@RpcController()
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly oauthFlow: IntegrationOauthFlow,
  ) {}

  @Handles(integrationOperations.providers)
  providers(@Payload() request: OperationRequest<typeof integrationOperations.providers>) {
    return this.integrations.providers(request);
  }

  @Handles(integrationOperations.list)
  list(@Payload() request: OperationRequest<typeof integrationOperations.list>) {
    return this.integrations.list(request);
  }

  @Handles(integrationOperations.install)
  install(@Payload() request: OperationRequest<typeof integrationOperations.install>) {
    return this.integrations.install(request);
  }

  @Handles(integrationOperations.get)
  get(@Payload() request: OperationRequest<typeof integrationOperations.get>) {
    return this.integrations.get(request);
  }

  @Handles(integrationOperations.update)
  update(@Payload() request: OperationRequest<typeof integrationOperations.update>) {
    return this.integrations.update(request);
  }

  @Handles(integrationOperations.oauthStart)
  oauthStart(@Payload() request: OperationRequest<typeof integrationOperations.oauthStart>) {
    return this.oauthFlow.oauthStart(request);
  }

  @Handles(internalOperations.tools.integrationOauthCallback)
  oauthCallback(@Payload() request: OperationRequest<typeof internalOperations.tools.integrationOauthCallback>) {
    return this.oauthFlow.oauthCallback(request);
  }

  @Handles(integrationOperations.sync)
  sync(@Payload() request: OperationRequest<typeof integrationOperations.sync>) {
    return this.integrations.sync(request);
  }

  @Handles(integrationOperations.pause)
  pause(@Payload() request: OperationRequest<typeof integrationOperations.pause>) {
    return this.integrations.pause(request);
  }

  @Handles(integrationOperations.resume)
  resume(@Payload() request: OperationRequest<typeof integrationOperations.resume>) {
    return this.integrations.resume(request);
  }

  @Handles(integrationOperations.uninstall)
  uninstall(@Payload() request: OperationRequest<typeof integrationOperations.uninstall>) {
    return this.integrations.uninstall(request);
  }
}
