import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode as McpErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RuntimeExecuteResult } from '@platica/contracts';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { ToolsConfigService } from '../config/tools.config';
import { capBytes } from '../shared/byte-cap';
import { McpClients, mcpErrorText, McpUnavailableError } from './mcp-clients';
import { McpCredentials, messageOf } from './mcp-credentials';
import type { McpServer } from './mcp-server.entity';

/** The run of one MCP tool call in a turn, over a pooled session with the server's credentials. */
@Injectable()
export class McpToolCalls {
  constructor(
    private readonly credentials: McpCredentials,
    private readonly clients: McpClients,
    private readonly config: ToolsConfigService,
  ) {}

  /**
   * A call of one of the server's tools (the server as the call's lookup found it: null when
   * gone). Never throws: a server that is down or refuses is the model's to read.
   */
  async run(tool: CatalogTool, server: McpServer | null, args: Record<string, unknown>): Promise<RuntimeExecuteResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    if (!server) return { ok: false, outcome: 'mapping-error', httpStatus: null, durationMs: 0, output: 'this tool is not available now' };
    // TOOLS_MCP_TIMEOUT_SCALE: 1 in production.
    const scaled = (ms: number) => Math.max(1, Math.round(ms * this.config.values.TOOLS_MCP_TIMEOUT_SCALE));
    try {
      const result = await this.credentials.withCredentials(server, (endpoint) =>
        this.clients.call(server.id, fingerprintOf(server), endpoint, tool.mcpToolName ?? '', args, {
          timeoutMs: scaled(server.callTimeoutMs),
          maxTimeoutMs: scaled(server.maxCallTimeoutMs),
        }),
      );
      const output = capped(outputOf(result), server.maxBytes);
      if (result.isError)
        return {
          ok: false,
          outcome: 'http-error',
          httpStatus: null,
          durationMs: took(),
          output: { error: 'the MCP tool reported an error', result: output },
        };
      return { ok: true, outcome: 'success', httpStatus: null, durationMs: took(), output };
    } catch (error) {
      // -32001 is the SDK's client giving up at Plática's own limit, not an answer of the server.
      if (error instanceof McpError && error.code === McpErrorCode.RequestTimeout) {
        return { ok: false, outcome: 'network-error', httpStatus: null, durationMs: took(), output: { error: timeoutText(error, server) } };
      }
      if (error instanceof McpError) {
        return {
          ok: false,
          outcome: 'http-error',
          httpStatus: null,
          durationMs: took(),
          output: { error: `the MCP server answered an error: ${mcpErrorText(error)}` },
        };
      }
      const refused = error instanceof McpUnavailableError && error.kind === 'unauthorized';
      const why = refused
        ? `the MCP server refused the authorization: ${messageOf(error)}`
        : `the MCP server could not be reached: ${messageOf(error)}`;
      return { ok: false, outcome: 'network-error', httpStatus: null, durationMs: took(), output: { error: why } };
    }
  }
}

/** A call cut by Plática's time limits (docs/tools.md › MCP servers), said as such: the tool may still be running. */
function timeoutText(error: McpError, server: McpServer): string {
  const total = /maximum total timeout/i.test(error.message);
  return total
    ? `the MCP tool did not finish within ${server.maxCallTimeoutMs} ms, Plática's limit for one call of this server; it may still be running`
    : `the MCP tool did not answer within ${server.callTimeoutMs} ms (Plática's time limit for this server, restarted by each progress notification); it may still be running`;
}

/** What a pooled session depends on: when any of it changes, the session is reopened. */
function fingerprintOf(server: McpServer): string {
  return createHash('sha256')
    .update(`${server.url}\n${server.secretsSealed}\n${server.transport ?? ''}`)
    .digest('base64url');
}

/** A result over the server's `maxBytes`: cut as custom API responses are, and the model told so. */
function capped(output: unknown, maxBytes: number): unknown {
  const cut = capBytes(output, maxBytes);
  if (cut === output) return output;
  const size = Buffer.byteLength(typeof output === 'string' ? output : JSON.stringify(output));
  return { truncated: `the tool's result was ${size} bytes; only its first ${maxBytes} are here`, result: cut };
}

/**
 * A tool call's result as the model reads it: the text content (images and resources named),
 * with the structured content beside it when the server gives one.
 */
export function outputOf(result: CallToolResult): unknown {
  const parts = (result.content ?? []).map((item) => {
    switch (item.type) {
      case 'text':
        return item.text;
      case 'image':
      case 'audio':
        return `[${item.type} ${item.mimeType}]`;
      case 'resource':
        return 'text' in item.resource ? String(item.resource.text) : `[resource ${item.resource.uri}]`;
      case 'resource_link':
        return `[resource ${item.uri}${item.name ? ` ${item.name}` : ''}]`;
      default:
        return JSON.stringify(item);
    }
  });
  const text = parts.join('\n');
  if (result.structuredContent !== undefined)
    return text ? { text, structuredContent: result.structuredContent } : result.structuredContent;
  return text;
}
