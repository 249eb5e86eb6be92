import { activationGate, type Evaluation } from './activation-gate';

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
