import { databaseGauge, metricsRegistry } from './metrics';

describe('databaseGauge', () => {
  const value = async (name: string) => (await metricsRegistry.getSingleMetric(name)!.get()).values[0]?.value;

  it("is one source's read in a service's own process", async () => {
    databaseGauge('test_backlog_one', 'a backlog', async () => 4, 'messaging');
    expect(await value('test_backlog_one')).toBe(4);
  });

  it('sums the sources of services hosted in one process, a source registered again replacing its read', async () => {
    databaseGauge('test_backlog_many', 'a backlog', async () => 4, 'messaging');
    databaseGauge('test_backlog_many', 'a backlog', async () => 3, 'chat');
    expect(await value('test_backlog_many')).toBe(7);
    databaseGauge('test_backlog_many', 'a backlog', async () => 1, 'chat');
    expect(await value('test_backlog_many')).toBe(5);
    expect(metricsRegistry.getMetricsAsArray().filter((metric) => metric.name === 'test_backlog_many')).toHaveLength(1);
  });

  it('keeps the last value of a source whose read fails', async () => {
    let fail = false;
    databaseGauge('test_backlog_failing', 'a backlog', async () => {
      if (fail) throw new Error('database slow');
      return 2;
    });
    expect(await value('test_backlog_failing')).toBe(2);
    fail = true;
    expect(await value('test_backlog_failing')).toBe(2);
  });
});
