import type { EvaluationBehaviour } from '@platica/contracts';
import { compareTurn, gradeChecks, lineDiff, summarise } from './turn-comparison';

const quiet: EvaluationBehaviour = { reply: 'Hola', toolCalls: [], guardrailViolation: false, assistanceRequested: false, delegations: [] };

describe('compareTurn', () => {
  it('reports nothing for the same behaviour', () => {
    expect(compareTurn(quiet, { ...quiet })).toEqual({
      replyChanged: false,
      replyDiff: [],
      toolCallsAdded: [],
      toolCallsRemoved: [],
      toolCallsChanged: [],
      guardrailFlipped: false,
      assistanceFlipped: false,
      delegationChanged: false,
    });
  });

  it('reports a changed reply with its diff, tools added, removed and called with other arguments, and flips', () => {
    const recorded = {
      ...quiet,
      reply: 'Hola\nAdiós',
      toolCalls: [
        { name: 'a', arguments: { x: 1 } },
        { name: 'b', arguments: {} },
      ],
    };
    const candidate = {
      ...quiet,
      reply: 'Hola\nHasta luego',
      toolCalls: [
        { name: 'a', arguments: { x: 2 } },
        { name: 'c', arguments: {} },
      ],
      guardrailViolation: true,
      assistanceRequested: true,
      delegations: [{ kind: 'consult' as const, subagent: 'Ventas' }],
    };
    expect(compareTurn(recorded, candidate)).toEqual({
      replyChanged: true,
      replyDiff: ['  Hola', '+ Hasta luego', '- Adiós'],
      toolCallsAdded: ['c'],
      toolCallsRemoved: ['b'],
      toolCallsChanged: ['a'],
      guardrailFlipped: true,
      assistanceFlipped: true,
      delegationChanged: true,
    });
  });

  it('does not compare the arguments of a recorded call made before they were recorded', () => {
    const recorded = { ...quiet, toolCalls: [{ name: 'a', arguments: null }] };
    expect(compareTurn(recorded, { ...quiet, toolCalls: [{ name: 'a', arguments: { x: 1 } }] }).toolCallsChanged).toEqual([]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks the others', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual(['  a', '- b', '  c', '+ d']);
  });
});

describe('gradeChecks', () => {
  const candidate = { ...quiet, reply: 'Su pedido llega el lunes', toolCalls: [{ name: 'pedidos', arguments: {} }] };
  it('grades each kind against the candidate, only on the turns a check applies to', () => {
    const results = gradeChecks(
      [
        { kind: 'must_mention', text: 'LUNES' },
        { kind: 'must_not_mention', text: 'pedido' },
        { kind: 'must_call_tool', tool: 'pedidos' },
        { kind: 'must_not_call_tool', tool: 'pedidos', whenCustomerSays: 'precio' },
        { kind: 'must_not_request_assistance', turnId: 'other' },
      ],
      { turnId: 't1', customerText: '¿Dónde está mi pedido?' },
      candidate,
    );
    expect(results.map((r) => [r.check.kind, r.passed])).toEqual([
      ['must_mention', true],
      ['must_not_mention', false],
      ['must_call_tool', true],
    ]);
    expect(results[1]!.detail).toBe('the reply mentions "pedido"');
  });
});

describe('summarise', () => {
  const comparison = compareTurn(quiet, quiet);
  it('passes with replayed turns, no failed check and no guardrail flip', () => {
    const summary = summarise([
      { status: 'replayed', comparison: { ...comparison, replyChanged: true }, checks: [], judge: { score: 4, passed: true, reason: '' } },
      { status: 'replayed', comparison, checks: [], judge: { score: 2, passed: false, reason: '' } },
      { status: 'skipped', comparison: null, checks: [], judge: null },
    ]);
    expect(summary).toMatchObject({ turns: 3, replayed: 2, skipped: 1, repliesChanged: 1, judgeAverage: 3, judgeFailed: 1, passed: true });
  });

  it('fails on a failed check, a guardrail flip, or nothing replayed', () => {
    const failedCheck = { check: { kind: 'must_not_request_assistance' as const }, passed: false, detail: '' };
    expect(summarise([{ status: 'replayed', comparison, checks: [failedCheck] }]).passed).toBe(false);
    const flipped = summarise([
      { status: 'replayed', comparison: { ...comparison, guardrailFlipped: true, replyChanged: true }, checks: [] },
    ]);
    expect(flipped).toMatchObject({ passed: false, guardrailFlips: 1, repliesChanged: 0 });
    expect(summarise([{ status: 'skipped', checks: [] }]).passed).toBe(false);
  });
});
