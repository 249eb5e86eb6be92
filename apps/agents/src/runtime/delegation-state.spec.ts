import { delegationStateOf, subagentToolCallOf } from './delegation-state';

const delegate = { subagentId: 'agt_sub', task: 'delegate' as const, completionCriteria: 'When the refund is filed' };

/** Whether a conversation's delegation still holds for a turn of its principal (spec › Chat rule 8). */
describe('delegationStateOf', () => {
  it('is none without a delegation: the principal answers', () => {
    expect(delegationStateOf(null, 'agt_main', [delegate])).toEqual({ state: 'none' });
  });

  it('holds when made under this principal to an agent connected to it as a delegate', () => {
    expect(delegationStateOf({ subagentId: 'agt_sub', principalAgentId: 'agt_main' }, 'agt_main', [delegate])).toEqual({
      state: 'held',
      subagentId: 'agt_sub',
      completionCriteria: 'When the refund is filed',
    });
  });

  it('is stale when the principal changed, or the sub-agent is no longer connected as a delegate', () => {
    const delegation = { subagentId: 'agt_sub', principalAgentId: 'agt_main' };
    expect(delegationStateOf(delegation, 'agt_other', [delegate])).toEqual({ state: 'stale' });
    expect(delegationStateOf(delegation, 'agt_main', [])).toEqual({ state: 'stale' });
    expect(delegationStateOf(delegation, 'agt_main', [{ ...delegate, task: 'assist' }])).toEqual({ state: 'stale' });
  });
});

describe('subagentToolCallOf', () => {
  it('reads the kind and sub-agent of a call; delegating and completing change who answers next', () => {
    expect(subagentToolCallOf('subagent:consult:agt_1')).toEqual({ kind: 'consult', subagentId: 'agt_1', changesSpeaker: false });
    expect(subagentToolCallOf('subagent:delegate:agt_1')).toEqual({ kind: 'delegate', subagentId: 'agt_1', changesSpeaker: true });
    expect(subagentToolCallOf('subagent:complete')).toEqual({ kind: 'complete', subagentId: undefined, changesSpeaker: true });
  });
});
