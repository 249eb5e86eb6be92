import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentsConfigService, type AgentsConfig } from '../config/agents.config';
import { AttachmentReader } from './attachment-reader';

/** Reading a customer's file for the model: the outbound policy, the size limit, a refusal, none of which may crash the worker. */
describe('AttachmentReader', () => {
  let server: Server;
  let base: string;
  const readers: AttachmentReader[] = [];
  const reader = (values: Partial<AgentsConfig>) => {
    const made = new AttachmentReader(
      new AgentsConfigService({
        PLATICA_ALLOW_PRIVATE_NETWORKS: true,
        PLATICA_ATTACHMENT_MAX_BYTES: 1_000,
        PLATICA_ATTACHMENT_TIMEOUT_MS: 2_000,
        ...values,
      } as AgentsConfig),
    );
    readers.push(made);
    return made;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/small.pdf') res.writeHead(200).end('%PDF-1.4');
      else if (req.url === '/big.pdf') res.writeHead(200).end(Buffer.alloc(5_000, 1));
      else res.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const made of readers) await made.onModuleDestroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a file within the limit', async () => {
    expect(Buffer.from(await reader({}).read(`${base}/small.pdf`)).toString()).toBe('%PDF-1.4');
  });

  it('refuses a file past PLATICA_ATTACHMENT_MAX_BYTES, and a server that does not answer 200', async () => {
    await expect(reader({}).read(`${base}/big.pdf`)).rejects.toThrow('larger than 1000 bytes');
    await expect(reader({}).read(`${base}/gone.pdf`)).rejects.toThrow('answered 404');
  });

  it('never reads from a loopback or private address unless PLATICA_ALLOW_PRIVATE_NETWORKS', async () => {
    await expect(reader({ PLATICA_ALLOW_PRIVATE_NETWORKS: false }).read(`${base}/small.pdf`)).rejects.toThrow();
  });
});
