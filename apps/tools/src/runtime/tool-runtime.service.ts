import { Injectable } from '@nestjs/common';
import type { RuntimeAgentToolsRequest, RuntimeExecuteRequest, RuntimeExecuteResult, RuntimeTool } from '@platica/contracts';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import { CustomApiRepository } from '../custom-apis/custom-api.repository';
import { CustomApisService, runFields } from '../custom-apis/custom-apis.service';

/**
 * What agent turns ask of the tools service (ARCHITECTURE.md › Agent runtime: what the model
 * sees): the tools to offer (every `active` connection to a published tool) and the run of
 * one call. A call never throws: whatever goes wrong is the model's to read.
 */
@Injectable()
export class ToolRuntimeService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly apis: CustomApiRepository,
    private readonly customApis: CustomApisService,
  ) {}

  async agentTools({ workspaceId, agentId }: RuntimeAgentToolsRequest): Promise<RuntimeTool[]> {
    const active = (await this.catalog.connections(workspaceId, agentId)).filter((c) => c.status === 'active');
    const tools = await this.catalog.toolsByIds(workspaceId, active.map((c) => c.toolId));
    return tools
      .filter((tool) => tool.status === PUBLISHED)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((tool) => ({ toolId: tool.id, name: tool.name, description: tool.description, parameters: tool.parameters }));
  }

  async execute(call: RuntimeExecuteRequest): Promise<RuntimeExecuteResult> {
    const failed = (message: string): RuntimeExecuteResult => ({ ok: false, outcome: 'mapping-error', httpStatus: null, durationMs: 0, output: message });
    const connection = await this.catalog.connection(call.workspaceId, call.agentId, call.toolId);
    if (connection?.status !== 'active') return failed('this tool is not connected to the agent');
    const tool = await this.catalog.findPublished([call.workspaceId], call.toolId);
    if (!tool) return failed('this tool is not available now');
    if (tool.kind !== 'api') return failed(`tools of kind ${tool.kind} cannot run yet`);
    const api = await this.apis.find([call.workspaceId], tool.id);
    if (!api) return failed('this tool is not available now');
    const result = await this.customApis.run(api, call.arguments, { ...call.context, workspaceId: call.workspaceId, agentId: call.agentId }, false);
    await this.apis.recordRun(
      {
        workspaceId: api.workspaceId,
        customApiId: api.id,
        source: 'agent',
        ...runFields(result),
        agentId: call.agentId,
        conversationId: call.context.conversationId ?? null,
        toolCallId: call.toolCallId,
      },
      false,
    );
    const ok = result.outcome === 'success';
    return {
      ok,
      outcome: result.outcome,
      httpStatus: result.httpStatus,
      durationMs: result.durationMs,
      output: ok ? result.response : { error: result.error, httpStatus: result.httpStatus, response: result.response },
    };
  }
}
