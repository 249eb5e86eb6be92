import { isDeepStrictEqual } from 'node:util';
import type {
  EvaluationBehaviour,
  EvaluationCheck,
  EvaluationCheckResult,
  EvaluationComparison,
  EvaluationJudgement,
  EvaluationSummary,
} from '@platica/contracts';

/** What the candidate did differently from the active version in one turn. */
export function compareTurn(recorded: EvaluationBehaviour, candidate: EvaluationBehaviour): EvaluationComparison {
  const before = byName(recorded.toolCalls);
  const after = byName(candidate.toolCalls);
  const names = [...new Set([...before.keys(), ...after.keys()])];
  const replyChanged = (recorded.reply ?? '').trim() !== (candidate.reply ?? '').trim();
  return {
    replyChanged,
    replyDiff: replyChanged ? lineDiff(recorded.reply ?? '', candidate.reply ?? '') : [],
    toolCallsAdded: names.filter((name) => !before.has(name)),
    toolCallsRemoved: names.filter((name) => !after.has(name)),
    // A recorded call without its arguments (made before they were recorded) is not compared by them.
    toolCallsChanged: names.filter((name) => {
      const was = before.get(name);
      const now = after.get(name);
      return was && now && was.every((args) => args !== null) && !isDeepStrictEqual(was, now);
    }),
    guardrailFlipped: recorded.guardrailViolation !== candidate.guardrailViolation,
    assistanceFlipped: recorded.assistanceRequested !== candidate.assistanceRequested,
    delegationChanged: !isDeepStrictEqual(recorded.delegations, candidate.delegations),
  };
}

/** Each tool's calls' arguments, in call order. */
function byName(calls: EvaluationBehaviour['toolCalls']): Map<string, (Record<string, unknown> | null)[]> {
  const map = new Map<string, (Record<string, unknown> | null)[]>();
  for (const call of calls) map.set(call.name, [...(map.get(call.name) ?? []), call.arguments]);
  return map;
}

/** A line diff (longest common subsequence): `- ` recorded only, `+ ` candidate only, `  ` both. */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i++]}`);
      j++;
    } else if (j < b.length && (i >= a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) lines.push(`+ ${b[j++]}`);
    else lines.push(`- ${a[i++]}`);
  }
  return lines;
}

/** The admin's checks that apply to this turn, graded against what the candidate did. */
export function gradeChecks(checks: EvaluationCheck[], turn: { turnId: string; customerText: string }, candidate: EvaluationBehaviour) {
  const reply = (candidate.reply ?? '').toLowerCase();
  const called = new Set(candidate.toolCalls.map((call) => call.name));
  return checks
    .filter((check) => (check.turnId === undefined || check.turnId === turn.turnId) && appliesTo(check, turn.customerText))
    .map((check): EvaluationCheckResult => {
      switch (check.kind) {
        case 'must_mention':
          return graded(check, reply.includes(check.text.toLowerCase()), `the reply does not mention "${check.text}"`);
        case 'must_not_mention':
          return graded(check, !reply.includes(check.text.toLowerCase()), `the reply mentions "${check.text}"`);
        case 'must_call_tool':
          return graded(check, called.has(check.tool), `${check.tool} was not called`);
        case 'must_not_call_tool':
          return graded(check, !called.has(check.tool), `${check.tool} was called`);
        case 'must_not_request_assistance':
          return graded(check, !candidate.assistanceRequested, 'human assistance was requested');
      }
    });
}

function appliesTo(check: EvaluationCheck, customerText: string): boolean {
  return check.whenCustomerSays === undefined || customerText.toLowerCase().includes(check.whenCustomerSays.toLowerCase());
}

function graded(check: EvaluationCheck, passed: boolean, failure: string): EvaluationCheckResult {
  return { check, passed, detail: passed ? 'passed' : failure };
}

/** What the summary is made of, per turn. */
export interface SummarisedTurn {
  status: 'pending' | 'replayed' | 'skipped';
  comparison?: EvaluationComparison | null;
  checks: EvaluationCheckResult[];
  judge?: EvaluationJudgement | null;
}

/**
 * The evaluation's summary. It passes (what `requireEvaluation` asks before an activation)
 * when it replayed at least one turn, no check failed and no guardrail outcome flipped.
 */
export function summarise(turns: SummarisedTurn[]): EvaluationSummary {
  const replayed = turns.filter((turn) => turn.status === 'replayed');
  const count = (test: (turn: SummarisedTurn) => boolean) => replayed.filter(test).length;
  const sum = (of: (comparison: EvaluationComparison) => number) =>
    replayed.reduce((n, turn) => n + (turn.comparison ? of(turn.comparison) : 0), 0);
  const judged = replayed.flatMap((turn) => (turn.judge ? [turn.judge] : []));
  const checksFailed = replayed.reduce((n, turn) => n + turn.checks.filter((check) => !check.passed).length, 0);
  const guardrailFlips = count((turn) => turn.comparison?.guardrailFlipped === true);
  return {
    turns: turns.length,
    replayed: replayed.length,
    skipped: turns.filter((turn) => turn.status === 'skipped').length,
    // A flipped guardrail changes the reply by design (its message, or the answer it had replaced): counted as a flip only.
    repliesChanged: count((turn) => turn.comparison?.replyChanged === true && !turn.comparison.guardrailFlipped),
    toolCallsAdded: sum((c) => c.toolCallsAdded.length),
    toolCallsRemoved: sum((c) => c.toolCallsRemoved.length),
    toolCallsChanged: sum((c) => c.toolCallsChanged.length),
    guardrailFlips,
    assistanceFlips: count((turn) => turn.comparison?.assistanceFlipped === true),
    delegationChanges: count((turn) => turn.comparison?.delegationChanged === true),
    checksFailed,
    judgeAverage: judged.length ? Math.round((judged.reduce((n, j) => n + j.score, 0) / judged.length) * 100) / 100 : null,
    judgeFailed: judged.filter((j) => !j.passed).length,
    passed: replayed.length > 0 && checksFailed === 0 && guardrailFlips === 0,
  };
}
