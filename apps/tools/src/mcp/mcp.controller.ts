import { Payload } from '@nestjs/microservices';
import { internalOperations, toolOperations, type OperationRequest } from '@platica/contracts';
import { Handles, RpcController } from '@platica/platform';
import { McpOauthFlow } from './mcp-oauth-flow';
import { McpService } from './mcp.service';

/** `/v1/tools/mcp` and `/v1/tools/mcp/{mcpId}…`, and the OAuth callback the gateway forwards. */
@RpcController()
export class McpController {
  constructor(
    private readonly mcp: McpService,
    private readonly oauthFlow: McpOauthFlow,
  ) {}

  @Handles(toolOperations.mcpPreview)
  preview(@Payload() request: OperationRequest<typeof toolOperations.mcpPreview>) {
    return this.mcp.preview(request);
  }

  @Handles(toolOperations.mcpList)
  list(@Payload() request: OperationRequest<typeof toolOperations.mcpList>) {
    return this.mcp.list(request);
  }

  @Handles(toolOperations.mcpConnect)
  connect(@Payload() request: OperationRequest<typeof toolOperations.mcpConnect>) {
    return this.mcp.connect(request);
  }

  @Handles(toolOperations.mcpGet)
  get(@Payload() request: OperationRequest<typeof toolOperations.mcpGet>) {
    return this.mcp.get(request);
  }

  @Handles(toolOperations.mcpOauthStart)
  oauthStart(@Payload() request: OperationRequest<typeof toolOperations.mcpOauthStart>) {
    return this.oauthFlow.oauthStart(request);
  }

  @Handles(internalOperations.tools.mcpOauthCallback)
  oauthCallback(@Payload() request: OperationRequest<typeof internalOperations.tools.mcpOauthCallback>) {
    return this.oauthFlow.oauthCallback(request);
  }

  @Handles(toolOperations.mcpRefresh)
  refresh(@Payload() request: OperationRequest<typeof toolOperations.mcpRefresh>) {
    return this.mcp.refresh(request);
  }

  @Handles(toolOperations.mcpSync)
  sync(@Payload() request: OperationRequest<typeof toolOperations.mcpSync>) {
    return this.mcp.sync(request);
  }

  @Handles(toolOperations.mcpDisconnect)
  disconnect(@Payload() request: OperationRequest<typeof toolOperations.mcpDisconnect>) {
    return this.mcp.disconnect(request);
  }
}
