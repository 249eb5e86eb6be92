import { actorFigures, autonomyRate, breakdownOf, mergeActorCounts, mergeDayCounts, platformLabel } from './usage-figures';

describe('usage figures', () => {
  it('merges the aggregates and the recounted edges by day and key, null keys apart', () => {
    const merged = mergeDayCounts(
      [
        { day: '2026-11-01', key: 'whatsapp', value: 3 },
        { day: '2026-11-01', key: null, value: 1 },
      ],
      [
        { day: '2026-11-01', key: 'whatsapp', value: 2 },
        { day: '2026-11-02', key: 'whatsapp', value: 1 },
        { day: '2026-11-01', key: '', value: 4 },
      ],
    );
    expect(merged).toEqual([
      { day: '2026-11-01', key: 'whatsapp', value: 5 },
      { day: '2026-11-01', key: null, value: 1 },
      { day: '2026-11-02', key: 'whatsapp', value: 1 },
      { day: '2026-11-01', key: '', value: 4 },
    ]);
    // A bucket whose conversations all moved elsewhere (zero) is not a row.
    expect(mergeDayCounts([{ day: '2026-11-01', key: 'a', value: 0 }])).toEqual([]);
  });

  it('builds totals (largest first) and a daily series (by day, then key)', () => {
    const rows = [
      { day: '2026-11-02', key: 'instagram', value: 1 },
      { day: '2026-11-01', key: 'whatsapp', value: 2 },
      { day: '2026-11-02', key: 'whatsapp', value: 3 },
    ];
    expect(breakdownOf(rows, platformLabel)).toEqual({
      totals: [
        { key: 'whatsapp', label: 'WhatsApp', value: 5 },
        { key: 'instagram', label: 'Instagram', value: 1 },
      ],
      series: [
        { date: '2026-11-01', key: 'whatsapp', label: 'WhatsApp', value: 2 },
        { date: '2026-11-02', key: 'instagram', label: 'Instagram', value: 1 },
        { date: '2026-11-02', key: 'whatsapp', label: 'WhatsApp', value: 3 },
      ],
    });
    expect(breakdownOf([], platformLabel)).toEqual({ totals: [], series: [] });
  });

  it('computes the autonomy rate as a percentage with two decimals, 0 without conversations', () => {
    expect(autonomyRate(0, 0)).toBe(0);
    expect(autonomyRate(4, 1)).toBe(75);
    expect(autonomyRate(3, 1)).toBe(66.67);
    expect(autonomyRate(5, 0)).toBe(100);
    expect(autonomyRate(5, 5)).toBe(0);
  });

  it('lists every actor type, each workspace user (and a former one) and the total of billable messages', () => {
    const rows = mergeActorCounts(
      [
        { actorType: 'ai', actorId: null, messages: 4 },
        { actorType: 'user', actorId: 'us_2', messages: 2 },
        { actorType: 'user', actorId: 'us_gone', messages: 1 },
      ],
      [{ actorType: 'ai', actorId: null, messages: 1 }],
    );
    expect(
      actorFigures(rows, [
        { id: 'us_1', email: 'ana@acme.test' },
        { id: 'us_2', email: 'bea@acme.test' },
      ]),
    ).toEqual({
      actorTypes: [
        { actorType: 'ai', messages: 5 },
        { actorType: 'api', messages: 0 },
        { actorType: 'user', messages: 3 },
        { actorType: 'campaign', messages: 0 },
        { actorType: 'system', messages: 0 },
      ],
      workspaceUsers: [
        { userId: 'us_2', email: 'bea@acme.test', messages: 2 },
        { userId: 'us_gone', email: null, messages: 1 },
        { userId: 'us_1', email: 'ana@acme.test', messages: 0 },
      ],
      summary: { totalMessages: 8 },
    });
  });
});
