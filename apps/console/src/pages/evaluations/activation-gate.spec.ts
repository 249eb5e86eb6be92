// To check the console's copy of the list's limit against the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { EVALUATION_LIST_LIMIT as SERVER_LIMIT } from '@platica/contracts';
import { activationGate, EVALUATION_LIST_LIMIT, versionsToLookUp, withLookedUp, type Evaluation } from './activation-gate';

const evaluation = (id: string, promptId: string | null, status: Evaluation['status'], passed: boolean | null): Evaluation =>
  ({
    id,
    candidate: { promptId, systemPrompt: 'x', model: null },
    status,
    summary: passed === null ? null : ({ passed } as Evaluation['summary']),
  }) as Evaluation;

describe('activationGate', () => {
  it('lets any version be activated when the agent does not require evaluations', () => {
    expect(activationGate('prm_a', [], false)).toEqual({ activatable: true, latest: null });
  });

  it('refuses a version with no evaluation, or with only a running one', () => {
    expect(activationGate('prm_a', [evaluation('evl_other', 'prm_b', 'completed', true)], true)).toMatchObject({
      activatable: false,
      reason: 'none',
    });
    expect(activationGate('prm_a', [evaluation('evl_1', 'prm_a', 'running', null)], true)).toMatchObject({
      activatable: false,
      reason: 'running',
    });
  });

  it('judges by the latest finished evaluation of the version, as the API does', () => {
    const passed = evaluation('evl_1', 'prm_a', 'completed', true);
    const failed = evaluation('evl_2', 'prm_a', 'completed', false);
    const running = evaluation('evl_3', 'prm_a', 'running', null);
    expect(activationGate('prm_a', [running, passed], true)).toMatchObject({ activatable: true });
    expect(activationGate('prm_a', [failed, passed], true)).toMatchObject({ activatable: false, reason: 'notPassed', latest: failed });
    expect(activationGate('prm_a', [passed, failed], true)).toMatchObject({ activatable: true });
  });

  it('refuses a version whose latest evaluation passed its turns but did not complete', () => {
    const exhausted = evaluation('evl_1', 'prm_a', 'budget_exhausted', true);
    expect(activationGate('prm_a', [exhausted], true)).toMatchObject({ activatable: false, reason: 'notPassed' });
  });
});

describe('the gate past the latest 50 evaluations', () => {
  // The newest 50: all of version B, so version A's passing evaluation, older, is not among them.
  const full = Array.from({ length: 50 }, (_, i) => evaluation(`evl_b${i}`, 'prm_b', 'completed', false));
  const olderPassOfA = evaluation('evl_a', 'prm_a', 'completed', true);

  it('asks for the versions with no finished evaluation in a full list, and none when the list is not full', () => {
    expect(versionsToLookUp(['prm_a', 'prm_b', 'prm_c'], full)).toEqual(['prm_a', 'prm_c']);
    expect(versionsToLookUp(['prm_a', 'prm_b'], full.slice(0, 49))).toEqual([]);
    const runningA = evaluation('evl_a2', 'prm_a', 'running', null);
    expect(versionsToLookUp(['prm_a'], [runningA, ...full.slice(1)])).toEqual(['prm_a']);
  });

  it('reads the looked-up latest finished evaluation: a version the list alone would call unevaluated is activatable', () => {
    expect(activationGate('prm_a', full, true)).toMatchObject({ activatable: false, reason: 'none' });
    const gate = activationGate('prm_a', withLookedUp(full, [olderPassOfA, null]), true);
    expect(gate).toEqual({ activatable: true, latest: olderPassOfA });
  });

  it('keeps a running evaluation of the list as the latest, and never counts one listed twice', () => {
    const runningA = evaluation('evl_a2', 'prm_a', 'running', null);
    const list = [runningA, ...full.slice(1)];
    expect(activationGate('prm_a', withLookedUp(list, [olderPassOfA]), true)).toEqual({ activatable: true, latest: runningA });
    expect(withLookedUp(list, [list[3]])).toHaveLength(50);
  });
});

describe('EVALUATION_LIST_LIMIT', () => {
  it("is the server's: the most evaluations one list answers", () => {
    expect(EVALUATION_LIST_LIMIT).toBe(SERVER_LIMIT);
  });
});
