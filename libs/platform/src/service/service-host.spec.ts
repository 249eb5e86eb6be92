import { Logger } from '@nestjs/common';
import { JsonLogger } from '../logging/json-logger';
import { HOSTED_SERVICES_KEY, hostedEnvironment, hostedServiceLogger, runAsHostedService } from './service-host';

describe('services hosted in one process (test stacks)', () => {
  const key = Symbol.for(HOSTED_SERVICES_KEY);
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[key];
  });

  it("gives a service the environment the host put under the shared key, and none in a service's own process", () => {
    expect(hostedEnvironment('chat')).toBeUndefined();
    (globalThis as Record<symbol, unknown>)[key] = new Map([['chat', { PLATICA_HTTP_PORT: '4002' }]]);
    expect(hostedEnvironment('chat')).toEqual({ PLATICA_HTTP_PORT: '4002' });
    expect(hostedEnvironment('agents')).toBeUndefined();
  });

  it("writes Nest's log lines with the logger of the service whose work wrote them", async () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const chat = new JsonLogger('chat');
      const agents = new JsonLogger('agents');
      Logger.overrideLogger(hostedServiceLogger(chat));
      await Promise.all([
        runAsHostedService(chat, async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          new Logger('Chat').log('from chat');
        }),
        runAsHostedService(agents, async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          new Logger('Agents').log('from agents');
        }),
      ]);
    } finally {
      write.mockRestore();
      Logger.overrideLogger(false);
    }
    const entries = lines.map((line) => JSON.parse(line) as { service: string; msg: string });
    expect(entries.map(({ service, msg }) => ({ service, msg }))).toEqual([
      { service: 'agents', msg: 'from agents' },
      { service: 'chat', msg: 'from chat' },
    ]);
  });
});
