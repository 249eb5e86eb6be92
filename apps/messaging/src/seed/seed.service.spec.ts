import type { SeedSection } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { ChannelRepository } from '../channels/channel.repository';
import { ChannelSecretBox } from '../channels/channel-secrets';
import { ClientRepository } from '../clients/client.repository';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import { TemplateRepository } from '../templates/template.repository';
import { SeedService } from './seed.service';

const workspace = { id: 'ws_1', name: 'One', timezone: 'UTC' };

/** The repositories' seed writes recorded (each answering ids by natural key), and a secret box that works or not. */
function world(options: { sealing?: 'works' | 'broken' } = {}) {
  const calls: unknown[][] = [];
  const sealed: unknown[] = [];
  const built = newTestService(
    SeedService,
    fake(ChannelRepository, {
      ensureInternalChannel: async (workspaceId) => {
        calls.push(['ensureInternalChannel', workspaceId]);
        return { id: 'ch_internal' } as never;
      },
      applySeed: async (workspaceId, items) => {
        calls.push(['channels.applySeed', workspaceId, items]);
        return { '+5215550100': 'ch_wa' };
      },
      setDefaultAgent: async (...args) => {
        calls.push(['setDefaultAgent', ...args]);
      },
    }),
    fake(ChannelSecretBox, {
      seal: (secrets) => {
        if (options.sealing === 'broken') throw new Error('no encryption key');
        sealed.push(secrets);
        return {} as never;
      },
    }),
    fake(CustomFieldRepository, {
      applySeed: async (workspaceId, items) => {
        calls.push(['customFields.applySeed', workspaceId, items]);
        return { plan: 'cf_1' };
      },
      activeKeys: async (workspaceIds) => new Map(workspaceIds.map((id) => [id, new Set(['plan'])])),
    }),
    fake(TemplateRepository, {
      applySeed: async (workspaceId, items, channels) => {
        calls.push(['templates.applySeed', workspaceId, items, channels]);
        return { welcome: 'tpl_1' };
      },
    }),
    fake(ClientRepository, {
      applySeed: async (workspaceId, items, active) => {
        calls.push(['clients.applySeed', workspaceId, items, active]);
        return { '+5215550199': 'cl_1' };
      },
    }),
  );
  return { ...built, calls, sealed };
}

const validate = (section: string, items: unknown[] = []) =>
  ({ auth: testAuth(), params: {}, query: {}, requestId: 'req_1', body: { section, items, document: {} } }) as never;
const apply = (section: SeedSection, items: unknown[] = [], resolved: Record<string, Record<string, string>> = {}) =>
  ({
    auth: testAuth(),
    params: {},
    query: {},
    requestId: 'req_1',
    body: { section, workspace, users: [], items, resolved, document: {} },
  }) as never;

describe('SeedService.validate', () => {
  it.each(['internalChannel', 'customFields', 'channelDefaultAgents', 'templates', 'clients'])('accepts the %s section', (section) => {
    const { service, sealed } = world();
    expect(service.validate(validate(section, [{}]))).toEqual({ ok: true });
    expect(sealed).toEqual([]);
  });

  it("proves channels' secrets can be sealed before anything is written, and refuses when they cannot", () => {
    const { service, sealed } = world();
    expect(service.validate(validate('channels', [{}]))).toEqual({ ok: true });
    expect(sealed).toHaveLength(1);
    expect(service.validate(validate('channels', []))).toEqual({ ok: true });
    expect(sealed).toHaveLength(1);
    const broken = world({ sealing: 'broken' });
    expect(() => broken.service.validate(validate('channels', [{}]))).toThrow('no encryption key');
  });

  it.each(['agents', 'campaigns', 'allowedTerms', 'nonsense'])("refuses the %s section (not messaging's): 501 naming it", (section) => {
    const { service } = world();
    let error: unknown;
    try {
      service.validate(validate(section));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: ErrorCode.NotImplemented, details: { feature: `the seed's "${section}" section` } });
  });
});

describe('SeedService.apply', () => {
  it('applies each section to the workspace and answers the ids by natural key', async () => {
    const { service, calls } = world();
    const field = { key: 'plan' };
    const channel = { platform: 'whatsapp', phoneNumber: '+5215550100' };
    const template = { name: 'welcome' };
    expect(await service.apply(apply('internalChannel'))).toEqual({ ids: { internal: 'ch_internal' } });
    expect(await service.apply(apply('customFields', [field]))).toEqual({ ids: { plan: 'cf_1' } });
    expect(await service.apply(apply('channels', [channel]))).toEqual({ ids: { '+5215550100': 'ch_wa' } });
    expect(await service.apply(apply('templates', [template], { channels: { '+5215550100': 'ch_wa' } }))).toEqual({
      ids: { welcome: 'tpl_1' },
    });
    expect(calls).toEqual([
      ['ensureInternalChannel', 'ws_1'],
      ['customFields.applySeed', 'ws_1', [field]],
      ['channels.applySeed', 'ws_1', [channel]],
      ['templates.applySeed', 'ws_1', [template], { '+5215550100': 'ch_wa' }],
    ]);
  });

  it("gives templates no channels when none were resolved, and clients the workspace's active custom fields", async () => {
    const { service, calls } = world();
    await service.apply(apply('templates', []));
    expect(await service.apply(apply('clients', [{ phoneNumber: '+5215550199' }]))).toEqual({ ids: { '+5215550199': 'cl_1' } });
    expect(calls).toEqual([
      ['templates.applySeed', 'ws_1', [], {}],
      ['clients.applySeed', 'ws_1', [{ phoneNumber: '+5215550199' }], new Set(['plan'])],
    ]);
  });

  it("sets each channel's default agent from the resolved ids, keyed by ref, phone number or page id", async () => {
    const { service, calls } = world();
    const answer = await service.apply(
      apply(
        'channelDefaultAgents',
        [
          { platform: 'whatsapp', phoneNumber: '+5215550100', defaultAgentRef: 'sales' },
          { platform: 'facebook', pageId: 'page_1', defaultAgentRef: 'support' },
          { ref: 'ig', platform: 'instagram', pageId: 'ig_1', defaultAgentRef: 'sales' },
        ],
        { channels: { '+5215550100': 'ch_wa', page_1: 'ch_fb', ig: 'ch_ig' }, agents: { sales: 'agt_1', support: 'agt_2' } },
      ),
    );
    expect(answer).toEqual({ ids: { '+5215550100': 'ch_wa', page_1: 'ch_fb', ig: 'ch_ig' } });
    expect(calls).toEqual([
      ['setDefaultAgent', 'ws_1', 'ch_wa', 'agt_1'],
      ['setDefaultAgent', 'ws_1', 'ch_fb', 'agt_2'],
      ['setDefaultAgent', 'ws_1', 'ch_ig', 'agt_1'],
    ]);
  });

  it("refuses a default agent the document does not have (400 naming the channel's defaultAgentRef)", async () => {
    const { service, calls } = world();
    const error = await refusal(
      service.apply(
        apply('channelDefaultAgents', [{ platform: 'whatsapp', phoneNumber: '+5215550100', defaultAgentRef: 'ghost' }], {
          channels: { '+5215550100': 'ch_wa' },
          agents: { sales: 'agt_1' },
        }),
      ),
    );
    expect([error.code, error.details]).toEqual([
      ErrorCode.Validation,
      [{ path: ['channels', '+5215550100', 'defaultAgentRef'], message: 'no agent "ghost" in the document' }],
    ]);
    expect(calls).toEqual([]);
  });

  it.each<SeedSection>(['agents', 'campaigns', 'allowedTerms'])('refuses to apply the %s section (501)', async (section) => {
    const { service, calls } = world();
    expect((await refusal(service.apply(apply(section)))).code).toBe(ErrorCode.NotImplemented);
    expect(calls).toEqual([]);
  });
});
