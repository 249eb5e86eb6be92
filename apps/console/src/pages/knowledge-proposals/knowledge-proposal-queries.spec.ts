// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { acceptProposal, discardProposal, proposalKeys } from './knowledge-proposal-queries';

const WORKSPACE = 'ws_1';

beforeEach(resetFakeApi);

describe('the proposals queue', () => {
  it('accepts into the chosen base, then reads every state’s list again', async () => {
    answer('POST /v1/knowledge/proposals/kp_1/accept', {
      status: 200,
      body: { status: 'success', message: 'ok', data: { id: 'kp_1', state: 'accepted' } },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(proposalKeys.list(WORKSPACE, 'pending'), { data: [] });
    queryClient.setQueryData(proposalKeys.list(WORKSPACE, 'accepted'), { data: [] });
    await mutate(queryClient, acceptProposal(queryClient, WORKSPACE), { id: 'kp_1', body: { baseId: 'kb_1' } });
    expect(requestsTo('POST /v1/knowledge/proposals/kp_1/accept')[0]!.body).toEqual({ baseId: 'kb_1' });
    expect(invalidated(queryClient, proposalKeys.list(WORKSPACE, 'pending'))).toBe(true);
    expect(invalidated(queryClient, proposalKeys.list(WORKSPACE, 'accepted'))).toBe(true);
  });

  it('surfaces a decided proposal’s 409 and leaves the lists as they are', async () => {
    answer('POST /v1/knowledge/proposals/kp_2/discard', {
      status: 409,
      body: { code: 409, error: 'The knowledge proposal was already accepted', details: { state: 'accepted' } },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(proposalKeys.list(WORKSPACE, 'pending'), { data: [] });
    await expect(mutate(queryClient, discardProposal(queryClient, WORKSPACE), 'kp_2')).rejects.toMatchObject({ status: 409 });
    expect(invalidated(queryClient, proposalKeys.list(WORKSPACE, 'pending'))).toBe(false);
  });
});
