// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, observe, observePages, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { rowsOnce } from '../../api/grouped-pages';
import { ApiError } from '../../api/client';
import {
  INBOX_PAGE_SIZE,
  assignmentQuery,
  changeAssignment,
  conversationCountQuery,
  conversationPagesQuery,
  conversationRows,
  conversationTotal,
  conversationTotalCapped,
  inboxKeys,
} from './inbox-queries';

const WORKSPACE = 'ws_1';

/** A page of `GET /v1/conversations` as the gateway answers it: grouped by workspace, with the count of every match. */
const listAnswer = (ids: string[], count: number, nextPageToken: string | null = null) => ({
  workspaces: [
    {
      id: WORKSPACE,
      name: 'Acme',
      conversations: ids.map((id) => ({ id, contactName: `Contact ${id}` })),
      conversationsCount: count,
      pagination: { limit: INBOX_PAGE_SIZE, offset: 0, hasMore: nextPageToken !== null },
    },
  ],
  nextPageToken,
});

beforeEach(resetFakeApi);

describe('the inbox’s list', () => {
  it('asks for the filters given, then reads on with the page token, each conversation once', async () => {
    answer('GET /v1/conversations', (request) =>
      request.query.get('pageToken') === 'next-1'
        ? { status: 200, body: listAnswer(['c3', 'c4'], 4) }
        : // c3 is on both pages: it moved down between the two reads.
          { status: 200, body: listAnswer(['c1', 'c2', 'c3'], 4, 'next-1') },
    );
    const queryClient = testQueryClient();
    const query = {
      workspace: WORKSPACE,
      state: 'waiting' as const,
      sortBy: 'waitingSince' as const,
      limit: INBOX_PAGE_SIZE,
      tags: ['vip', 'es'],
    };
    const pages = await observePages(queryClient, conversationPagesQuery(query));
    const more = await pages.fetchNextPage();

    const [first, second] = requestsTo('GET /v1/conversations');
    expect(first!.query.get('workspace')).toBe(WORKSPACE);
    expect(first!.query.get('state')).toBe('waiting');
    expect(first!.query.get('sortBy')).toBe('waitingSince');
    expect(first!.query.get('limit')).toBe(String(INBOX_PAGE_SIZE));
    expect(first!.query.getAll('tags')).toEqual(['vip', 'es']);
    expect(first!.query.has('pageToken')).toBe(false);
    expect(second!.query.get('pageToken')).toBe('next-1');
    expect(second!.query.get('state')).toBe('waiting');
    expect(rowsOnce(more.data!.pages, conversationRows).map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(more.hasNextPage).toBe(false);
  });

  it('says a search’s count stopped at its bound when a workspace’s did', async () => {
    answer('GET /v1/conversations', () => ({ status: 200, body: listAnswer(['c1'], 1000) }));
    const plain = (await observePages(testQueryClient(), conversationPagesQuery({ workspace: WORKSPACE, q: 'hola' }))).getCurrentResult();
    expect(conversationTotal(plain.data!.pages[0]!)).toBe(1000);
    expect(conversationTotalCapped(plain.data!.pages[0])).toBe(false);
    const capped = listAnswer(['c1'], 1000);
    answer('GET /v1/conversations', () => ({
      status: 200,
      body: { ...capped, workspaces: [{ ...capped.workspaces[0]!, conversationsCountCapped: true }] },
    }));
    const more = (await observePages(testQueryClient(), conversationPagesQuery({ workspace: WORKSPACE, q: 'hola' }))).getCurrentResult();
    expect(conversationTotalCapped(more.data!.pages[0])).toBe(true);
    expect(conversationTotalCapped(undefined)).toBe(false);
  });

  it('surfaces the API’s refusal as an ApiError with its status, words and details', async () => {
    answer('GET /v1/conversations', {
      status: 400,
      body: { code: 400, error: 'Invalid query', details: [{ path: ['state'], message: 'Invalid option' }] },
    });
    const result = await observe(testQueryClient(), conversationCountQuery({ workspace: WORKSPACE }));
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({
      status: 400,
      message: 'Invalid query',
      details: [{ path: ['state'], message: 'Invalid option' }],
    });
  });
});

describe('a count of conversations', () => {
  it('reads one conversation and answers the count of every match, in every workspace of the answer', async () => {
    answer('GET /v1/conversations', {
      status: 200,
      body: {
        ...listAnswer(['c1'], 7),
        workspaces: [listAnswer(['c1'], 7).workspaces[0], { ...listAnswer([], 2).workspaces[0], id: 'ws_2' }],
      },
    });
    const result = await observe(testQueryClient(), conversationCountQuery({ workspace: WORKSPACE, assignee: 'me' }));
    expect(result.data).toBe(9);
    const [request] = requestsTo('GET /v1/conversations');
    expect(Object.fromEntries(request!.query)).toEqual({ workspace: WORKSPACE, assignee: 'me', limit: '1' });
  });

  it('is under the inbox’s key, as every list is: what marks the inbox stale marks it', async () => {
    answer('GET /v1/conversations', { status: 200, body: listAnswer(['c1'], 1) });
    const queryClient = testQueryClient();
    const count = conversationCountQuery({ workspace: WORKSPACE, state: 'waiting' });
    const pages = conversationPagesQuery({ workspace: WORKSPACE, limit: INBOX_PAGE_SIZE });
    await queryClient.fetchQuery(count);
    await queryClient.fetchInfiniteQuery(pages);
    await queryClient.invalidateQueries({ queryKey: inboxKeys.all, refetchType: 'none' });
    expect(invalidated(queryClient, count.queryKey)).toBe(true);
    expect(invalidated(queryClient, pages.queryKey)).toBe(true);
  });
});

describe('the assignment', () => {
  it('sends the change and shows the API’s answer without reading it again', async () => {
    const settings = { mode: 'none', available: [], people: [{ id: 'u1', email: 'ana@example.com' }] };
    answer('GET /v1/assignment', { status: 200, body: settings });
    answer('PATCH /v1/assignment', { status: 200, body: { ...settings, mode: 'round_robin' } });
    const queryClient = testQueryClient();
    await queryClient.fetchQuery(assignmentQuery(WORKSPACE));

    await mutate(queryClient, changeAssignment(queryClient, WORKSPACE), { mode: 'round_robin' });

    const [patch] = requestsTo('PATCH /v1/assignment');
    expect(patch!.query.get('workspace')).toBe(WORKSPACE);
    expect(patch!.body).toEqual({ mode: 'round_robin' });
    expect(queryClient.getQueryData(inboxKeys.assignment(WORKSPACE))).toMatchObject({ mode: 'round_robin' });
    expect(requestsTo('GET /v1/assignment')).toHaveLength(1);
  });

  it('leaves the assignment as it was when the API refuses (an agent changing the mode: 403)', async () => {
    answer('PATCH /v1/assignment', {
      status: 403,
      body: { code: 403, error: 'Forbidden', details: { requiredRole: 'admin', role: 'agent' } },
    });
    const queryClient = testQueryClient();
    const refusal = await mutate(queryClient, changeAssignment(queryClient, WORKSPACE), { mode: 'none' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, details: { requiredRole: 'admin', role: 'agent' } });
    expect(queryClient.getQueryData(inboxKeys.assignment(WORKSPACE))).toBeUndefined();
  });
});
