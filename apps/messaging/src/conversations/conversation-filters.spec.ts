import { whereOf } from './conversation-filters';

describe('the state filter as SQL (the same rule as whoAnswers)', () => {
  const stateWhere = (state: 'ai' | 'waiting' | 'human' | 'closed') => whereOf({ workspaceIds: ['ws_1'], state }).where.at(-1);

  it('tells waiting from a person on it by whether someone took it, and leaves closed conversations to closed', () => {
    expect(stateWhere('waiting')).toBe(
      "status not in ('finished', 'expired', 'spam') and operation = 'assistance' and operation_changed_by is null",
    );
    expect(stateWhere('human')).toBe(
      "status not in ('finished', 'expired', 'spam') and operation = 'assistance' and operation_changed_by is not null",
    );
    expect(stateWhere('ai')).toBe("status not in ('finished', 'expired', 'spam') and operation = 'automatic'");
    expect(stateWhere('closed')).toBe("status in ('finished', 'expired', 'spam')");
    expect(whereOf({ workspaceIds: ['ws_1'] }).where).toEqual(['workspace_id in (?)']);
  });
});
