import type { Schema } from '../../api/schema';

type ToolCall = Schema<'EvaluationBehaviour'>['toolCalls'][number];

/** A tool call of the recorded turn beside the candidate's call of the same tool, and how they differ. */
export interface ToolCallRow {
  name: string;
  recorded: ToolCall['arguments'] | undefined;
  candidate: ToolCall['arguments'] | undefined;
  /** `unknown`: the recorded call's arguments were not kept (a turn recorded before they were). */
  difference: 'added' | 'removed' | 'changed' | 'same' | 'unknown';
}

/**
 * The two turns' tool calls paired by tool, in call order: the n-th call of a tool faces the
 * other version's n-th call of it (as the API compares them: turn-comparison.ts), an unpaired
 * call was added or removed, and a pair with other arguments changed.
 */
export function toolCallRows(recorded: ToolCall[], candidate: ToolCall[]): ToolCallRow[] {
  const names = [...new Set([...recorded, ...candidate].map((call) => call.name))];
  return names.flatMap((name) => {
    const before = recorded.filter((call) => call.name === name);
    const after = candidate.filter((call) => call.name === name);
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i): ToolCallRow => {
      const [r, c] = [before[i], after[i]];
      const difference = !r
        ? 'added'
        : !c
          ? 'removed'
          : r.arguments === null
            ? 'unknown'
            : JSON.stringify(r.arguments) === JSON.stringify(c.arguments)
              ? 'same'
              : 'changed';
      return { name, recorded: r?.arguments, candidate: c?.arguments, difference };
    });
  });
}
