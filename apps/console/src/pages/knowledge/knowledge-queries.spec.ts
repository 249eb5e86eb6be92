// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, observe, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { proposalKeys } from '../knowledge-proposals/knowledge-proposal-queries';
import { addSource, deleteBase, INDEXING_POLL_MS, knowledgeKeys, pollWhileSettling, sourcesQuery } from './knowledge-queries';

const WORKSPACE = 'ws_1';
const source = (id: string, status: string) => ({ id, baseId: 'kb_1', kind: 'text', title: id, status, error: null });
const sourcesAnswer = (...sources: object[]) => ({
  status: 200,
  body: { data: sources, pagination: { limit: 200, offset: 0, hasMore: false } },
});

beforeEach(resetFakeApi);

describe('a base’s sources', () => {
  it('are read again while one is waiting or indexing, and no more once all have settled', async () => {
    const queryClient = testQueryClient();
    const options = sourcesQuery(WORKSPACE, 'kb_1');
    // What the query's refetchInterval answers after each read: how long until the next one.
    const pollAfter = () => pollWhileSettling(queryClient.getQueryData(options.queryKey)?.data);

    answer('GET /v1/knowledge/bases/kb_1/sources', sourcesAnswer(source('ks_1', 'ready'), source('ks_2', 'indexing')));
    await observe(queryClient, options);
    expect(requestsTo('GET /v1/knowledge/bases/kb_1/sources')[0]!.query.get('workspace')).toBe(WORKSPACE);
    expect(pollAfter()).toBe(INDEXING_POLL_MS);

    answer('GET /v1/knowledge/bases/kb_1/sources', sourcesAnswer(source('ks_1', 'ready'), source('ks_2', 'failed')));
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    expect(pollAfter()).toBe(false);
  });

  it('gain a file as the API takes it, and every base list is read again (the proposals’ choices too)', async () => {
    answer('POST /v1/knowledge/bases/kb_1/sources', { status: 201, body: { status: 'success', data: source('ks_3', 'pending') } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(knowledgeKeys.sources(WORKSPACE, 'kb_1'), { data: [] });
    queryClient.setQueryData(proposalKeys.bases(WORKSPACE), { data: [] });
    const body = { kind: 'file' as const, fileName: 'faq.md', contentBase64: Buffer.from('# FAQ').toString('base64') };
    await mutate(queryClient, addSource(queryClient, WORKSPACE, 'kb_1'), body);
    expect(requestsTo('POST /v1/knowledge/bases/kb_1/sources')[0]!.body).toEqual(body);
    expect(invalidated(queryClient, knowledgeKeys.sources(WORKSPACE, 'kb_1'))).toBe(true);
    expect(invalidated(queryClient, proposalKeys.bases(WORKSPACE))).toBe(true);
  });

  it('say the API’s 413 for a file too large, and nothing is read again', async () => {
    answer('POST /v1/knowledge/bases/kb_1/sources', {
      status: 413,
      body: { code: 413, error: 'Body too large for the forwarding path', details: { limitBytes: 983040 } },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(knowledgeKeys.sources(WORKSPACE, 'kb_1'), { data: [] });
    const body = { kind: 'file' as const, fileName: 'big.pdf', contentBase64: 'JVBERi0=' };
    await expect(mutate(queryClient, addSource(queryClient, WORKSPACE, 'kb_1'), body)).rejects.toMatchObject({
      status: 413,
      message: 'Body too large for the forwarding path',
    });
    expect(invalidated(queryClient, knowledgeKeys.sources(WORKSPACE, 'kb_1'))).toBe(false);
  });
});

describe('deleting a base', () => {
  it('drops its own queries and reads the list again', async () => {
    answer('DELETE /v1/knowledge/bases/kb_1', { status: 200, body: { status: 'success', data: { id: 'kb_1' } } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(knowledgeKeys.list(WORKSPACE), { data: [] });
    queryClient.setQueryData(knowledgeKeys.sources(WORKSPACE, 'kb_1'), { data: [] });
    await mutate(queryClient, deleteBase(queryClient, WORKSPACE, 'kb_1'), undefined);
    expect(queryClient.getQueryData(knowledgeKeys.sources(WORKSPACE, 'kb_1'))).toBeUndefined();
    expect(invalidated(queryClient, knowledgeKeys.list(WORKSPACE))).toBe(true);
  });
});
