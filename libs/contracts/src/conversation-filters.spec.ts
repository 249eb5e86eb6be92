import { listConversationsQuerySchema } from './messaging';

/** `status` and `operation` on GET /v1/conversations (additions to the spec): what passes, and what a refusal names. */
describe('the conversation listing filters', () => {
  const issues = (query: Record<string, unknown>) => {
    const parsed = listConversationsQuerySchema.safeParse(query);
    return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  };

  it('takes one status, several comma-separated or repeated, and either operation', () => {
    for (const query of [{ status: 'active' }, { status: 'initiated, active' }, { status: ['finished', 'spam'] }]) {
      expect(issues(query)).toEqual([]);
    }
    expect(issues({ operation: 'assistance' })).toEqual([]);
    expect(issues({ operation: 'automatic' })).toEqual([]);
  });

  it('refuses an unknown or empty status and an unknown operation, naming the field', () => {
    expect(issues({ status: 'active,closed' })).toEqual([
      { path: ['status'], message: '"closed" is not a status: one or several of initiated, active, finished, spam, expired' },
    ]);
    expect(issues({ status: '' })).toEqual([expect.objectContaining({ path: ['status'] })]);
    expect(issues({ status: ['spam', 'nope'] })).toEqual([expect.objectContaining({ path: ['status'] })]);
    expect(issues({ operation: 'human' })).toEqual([expect.objectContaining({ path: ['operation'] })]);
  });
});
