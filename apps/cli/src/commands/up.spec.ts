import { startFailure, UP_READY_TIMEOUT_MS } from './up';

describe('why `platica up` could not start the stack', () => {
  const recent = new Map([
    ['campaigns', ['{"level":"info","msg":"connecting to NATS"}', '{"level":"info","msg":"migrations done"}']],
    ['gateway', ['{"level":"info","msg":"gateway ready"}']],
  ]);

  it('names PLATICA_READY_TIMEOUT_MS and shows the last lines of the service that was not ready', () => {
    const text = startFailure(new Error('timed out after 300000 ms waiting for campaigns to be ready on port 20001'), recent, {
      PLATICA_READY_TIMEOUT_MS: '300000',
    });
    expect(text.split('\n')).toEqual([
      'Could not start the stack: timed out after 300000 ms waiting for campaigns to be ready on port 20001',
      'A service still starting on a loaded machine may need longer: set PLATICA_READY_TIMEOUT_MS (milliseconds; now 300000).',
      "campaigns's last lines:",
      '  {"level":"info","msg":"connecting to NATS"}',
      '  {"level":"info","msg":"migrations done"}',
    ]);
  });

  it('waits five minutes by default, more than a loaded 2-core machine took', () => {
    expect(UP_READY_TIMEOUT_MS).toBeGreaterThanOrEqual(126_000);
    expect(startFailure(new Error('timed out after 1 ms waiting for gateway to be ready on port 8080'), new Map(), {})).toContain(
      `now ${UP_READY_TIMEOUT_MS}`,
    );
  });

  it('says only the error for other failures, with the lines of a service it names', () => {
    expect(startFailure(new Error('migrations of campaigns failed (exit 1)'), recent, {})).toBe(
      [
        'Could not start the stack: migrations of campaigns failed (exit 1)',
        "campaigns's last lines:",
        '  {"level":"info","msg":"connecting to NATS"}',
        '  {"level":"info","msg":"migrations done"}',
      ].join('\n'),
    );
    expect(startFailure(new Error('database "platica" is not reachable'), recent, {})).toBe(
      'Could not start the stack: database "platica" is not reachable',
    );
  });
});
