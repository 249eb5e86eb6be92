import { Readiness } from './readiness';

describe('Readiness', () => {
  const failing = async () => {
    throw new Error('redis is reconnecting');
  };

  it('is ready while only a dependency the service serves without fails, and says it is degraded', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => undefined);
    readiness.register('redis', failing, { required: false });
    expect(await readiness.evaluate()).toEqual({ ready: true, checks: { database: 'ok', redis: 'degraded: redis is reconnecting' } });
  });

  it('is not ready when a required dependency fails', async () => {
    const readiness = new Readiness();
    readiness.register('database', failing);
    readiness.register('redis', async () => undefined, { required: false });
    expect(await readiness.evaluate()).toEqual({ ready: false, checks: { database: 'redis is reconnecting', redis: 'ok' } });
  });
});
