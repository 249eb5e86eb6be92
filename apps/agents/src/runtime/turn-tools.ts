import { createHash } from 'node:crypto';
import { jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import type { RuntimeTool } from '@platica/contracts';
import type { ToolRound } from '@platica/workflows/activities';

/** OpenAI's limit on a function name (ARCHITECTURE.md › Smaller decisions). */
export const PROVIDER_TOOL_NAME_MAX = 64;

/**
 * The name the model sees for a catalog tool: the catalog name when it fits the provider's
 * limit, else its first characters and a hash of the whole name, so two long names never
 * collide and a name always shortens the same way (calls are mapped back by it).
 */
export function providerNameOf(catalogName: string): string {
  const safe = catalogName.replace(/[^A-Za-z0-9_-]/g, '_');
  if (safe.length <= PROVIDER_TOOL_NAME_MAX && safe === catalogName) return catalogName;
  const hash = createHash('sha256').update(catalogName).digest('hex').slice(0, 8);
  return `${safe.slice(0, PROVIDER_TOOL_NAME_MAX - hash.length - 1)}_${hash}`;
}

/** The tools of one model call, keyed by the name the model sees, with the way back to the catalog. */
export function toolSetOf(tools: RuntimeTool[]): { set: ToolSet; byProviderName: Map<string, RuntimeTool> } {
  const set: ToolSet = {};
  const byProviderName = new Map<string, RuntimeTool>();
  for (const entry of tools) {
    const providerName = providerNameOf(entry.name);
    byProviderName.set(providerName, entry);
    // No `execute`: the turn workflow runs each call as its own activity.
    set[providerName] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.parameters as Parameters<typeof jsonSchema>[0]),
    });
  }
  return { set, byProviderName };
}

/** The earlier rounds of this turn as the model sees them: its tool calls, then each result (JSON text). */
export function roundMessages(rounds: ToolRound[]): ModelMessage[] {
  return rounds.flatMap((round) => [
    ...(round.messages as ModelMessage[]),
    {
      role: 'tool' as const,
      content: round.results.map((result) => ({
        type: 'tool-result' as const,
        toolCallId: result.toolCallId,
        toolName: result.providerName,
        output: { type: 'text' as const, value: resultText(result.ok, result.output) },
      })),
    },
  ]);
}

function resultText(ok: boolean, output: unknown): string {
  const text = typeof output === 'string' ? output : JSON.stringify(output ?? null);
  return ok ? text : `The tool failed: ${text}`;
}
