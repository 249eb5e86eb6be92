import { clientRecordSchema, moderationSchema } from './resources';

describe('the client record’s moderation (spec › Client record)', () => {
  const empty = {
    totalStrikes: 0,
    lastAction: null,
    lastSource: null,
    lastSeverity: null,
    lastFlaggedAt: null,
    lastCategories: [],
    lastMatchedTerms: [],
    blockedAt: null,
    blockedBy: null,
    blockedReason: null,
  };

  it('accepts the spec’s values and a client with no incidents', () => {
    expect(moderationSchema.safeParse(empty).success).toBe(true);
    for (const lastAction of ['warn', 'assist', 'spam']) {
      const flagged = { ...empty, totalStrikes: 1, lastAction, lastSource: 'lexicon', lastSeverity: 'high' };
      expect(moderationSchema.safeParse(flagged).success).toBe(true);
    }
  });

  it('refuses a value outside the spec’s enums, so a checked response fails loudly', () => {
    for (const [field, value] of [
      ['lastAction', 'guardrail_message_sent'],
      ['lastAction', 'client_blocked'],
      ['lastSource', 'evaluator'],
      ['lastSeverity', 'critical'],
    ] as const) {
      const result = moderationSchema.safeParse({ ...empty, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
    expect(clientRecordSchema.shape.moderation).toBe(moderationSchema);
  });
});
