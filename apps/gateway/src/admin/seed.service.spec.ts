import type { InternalOperation, RpcRequest, SeedDocument } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { RpcClient } from '@platica/platform';
import type { IdentityRepository } from '../identity/identity.repository';
import { SeedService } from './seed.service';

/** The seed's two phases: every owning service is asked first, and nothing is written unless all can apply. */
describe('SeedService', () => {
  const document = {
    workspace: { name: 'Acme' },
    users: [{ email: 'ana@acme.test' }],
    apiKeys: [{ ref: 'k', name: 'k' }],
    campaigns: [{ ref: 'promo', title: 'Promo', category: 'marketing' }],
    clients: [{ ref: 'c', phoneNumber: '5215550001111' }],
  };

  function setUp(unsupported: string | null) {
    const calls: string[] = [];
    const rpc = {
      call: jest.fn(async ({ subject }: InternalOperation, envelope: RpcRequest<{ section: string }>) => {
        calls.push(`${subject} ${envelope.body.section}`);
        if (subject.endsWith('.validate') && envelope.body.section === unsupported)
          throw DomainError.notImplemented(`the seed's "${unsupported}" section`);
        return subject.endsWith('.apply') ? { ids: { [envelope.body.section]: `${envelope.body.section}-id` } } : { ok: true };
      }),
    } as unknown as RpcClient;
    const identity = {
      memberEmails: jest.fn(async () => new Set<string>()),
      applySeed: jest.fn(async (doc: SeedDocument) => ({
        workspace: { id: 'ws_1', name: doc.workspace.name, timezone: doc.workspace.timezone },
        users: [{ id: 'usr_1', email: 'ana@acme.test' }],
        apiKeys: { k: { id: 'key_1', name: 'k', key: 'pl_key_x' } },
      })),
    } as unknown as IdentityRepository;
    return { service: new SeedService(identity, rpc), calls, identity };
  }

  it('answers 501 naming a section its service cannot apply yet, and writes nothing', async () => {
    const { service, calls, identity } = setUp('clients');
    const error = await service.apply(document).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.NotImplemented);
    expect((error as DomainError).message).toContain('"clients"');
    expect(identity.applySeed).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.includes('.apply'))).toEqual([]);
  });

  it('asks before writing, then applies the sections in dependency order through their owners', async () => {
    const { service, calls } = setUp(null);
    const answer = await service.apply(document);
    expect(calls).toEqual([
      'messaging.seed.validate internalChannel',
      'campaigns.seed.validate campaigns',
      'messaging.seed.validate clients',
      'messaging.seed.apply internalChannel',
      'campaigns.seed.apply campaigns',
      'messaging.seed.apply clients',
    ]);
    expect(answer).toMatchObject({
      workspace: { id: 'ws_1' },
      campaigns: { campaigns: { id: 'campaigns-id' } },
      clients: { clients: { id: 'clients-id' } },
    });
  });
});
