import { Injectable, Logger } from '@nestjs/common';
import type { RuntimeAgentToolsRequest, RuntimeExecuteRequest, RuntimeExecuteResult, RuntimeTool } from '@platica/contracts';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import { CustomApiRepository } from '../custom-apis/custom-api.repository';
import { CustomApisService, runFields } from '../custom-apis/custom-apis.service';
import { IntegrationToolCalls } from '../integrations/integration-tool-calls';
import { KnowledgeTool } from '../knowledge/knowledge-tool';
import { McpToolCalls } from '../mcp/mcp-tool-calls';
import { ToolCallRepository } from './tool-call.repository';

/**
 * What agent turns ask of the tools service (ARCHITECTURE.md › Agent runtime: what the model
 * sees): the tools to offer (every `active` connection to a published tool) and the run of
 * one call. A call never throws: whatever goes wrong is the model's to read.
 */
@Injectable()
export class ToolRuntimeService {
  private readonly logger = new Logger('tool-runtime');

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly apis: CustomApiRepository,
    private readonly customApis: CustomApisService,
    private readonly mcp: McpToolCalls,
    private readonly integrations: IntegrationToolCalls,
    private readonly toolCalls: ToolCallRepository,
    private readonly knowledge: KnowledgeTool,
  ) {}

  async agentTools({ workspaceId, agentId }: RuntimeAgentToolsRequest): Promise<RuntimeTool[]> {
    const active = (await this.catalog.connections(workspaceId, agentId)).filter((c) => c.status === 'active');
    const tools = await this.catalog.toolsByIds(
      workspaceId,
      active.map((c) => c.toolId),
    );
    return tools
      .filter((tool) => tool.status === PUBLISHED)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((tool) => ({ toolId: tool.id, name: tool.name, description: tool.description, parameters: tool.parameters, kind: tool.kind }));
  }

  async execute(call: RuntimeExecuteRequest): Promise<RuntimeExecuteResult> {
    const failed = (message: string): RuntimeExecuteResult => ({
      ok: false,
      outcome: 'mapping-error',
      httpStatus: null,
      durationMs: 0,
      output: message,
    });
    const { connectionStatus, tool, api, server, installation } = await this.toolCalls.target(call.workspaceId, call.agentId, call.toolId);
    if (connectionStatus !== 'active') return failed('this tool is not connected to the agent');
    if (!tool) return failed('this tool is not available now');
    // An evaluation's call of an MCP or integration tool: neither has a dry run, so it is not called at all.
    if ((tool.kind === 'mcp' || tool.kind === 'integration') && call.dryRun)
      return { ok: true, outcome: 'success', httpStatus: null, durationMs: 0, output: { notExecuted: NOT_EXECUTED } };
    // An MCP tool: called on its server under its original name, over a reused session.
    if (tool.kind === 'mcp') return this.mcp.run(tool, server, call.arguments);
    // An integration's tool: the provider's API called with the installation's credentials.
    if (tool.kind === 'integration') return this.integrations.run(tool, installation, call);
    // A knowledge base's search: read-only, so an evaluation's call runs it too (it sees what a live turn would).
    if (tool.kind === 'knowledge') return this.knowledge.run(tool, call.arguments);
    if (tool.kind !== 'api') return failed(`tools of kind ${tool.kind} cannot run yet`);
    if (!api) return failed('this tool is not available now');
    const result = await this.customApis.run(
      api,
      call.arguments,
      { ...call.context, workspaceId: call.workspaceId, agentId: call.agentId },
      call.dryRun === true,
    );
    // An evaluation's call: the request as it would go out, nothing called, nothing recorded.
    if (call.dryRun) {
      const assembled = result.outcome === 'success';
      return {
        ok: assembled,
        outcome: result.outcome,
        httpStatus: null,
        durationMs: result.durationMs,
        output: assembled ? { notExecuted: NOT_EXECUTED, request: result.request } : { error: result.error, request: result.request },
      };
    }
    // The model need not wait for the log: the run is recorded after the answer is on its way.
    this.apis
      .recordRun(
        {
          workspaceId: api.workspaceId,
          customApiId: api.id,
          source: 'agent',
          ...runFields(result),
          agentId: call.agentId,
          conversationId: call.conversationRef ?? call.context.conversationId ?? null,
          toolCallId: call.toolCallId,
        },
        false,
      )
      .catch((error: unknown) =>
        this.logger.error({ msg: 'a tool call was not recorded', toolCallId: call.toolCallId, error: String(error) }),
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

/** What the model reads for a tool call of an evaluation (docs/agents.md › Evaluations). */
const NOT_EXECUTED = 'not executed during evaluation: the tool was not called, and this is not its answer';
