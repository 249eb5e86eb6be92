import type { SeedDocument } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { AgentRepository } from '../agents/agent.repository';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { SeedService } from './seed.service';

const workspace = { id: 'ws_1', name: 'One', timezone: 'America/Lima' };
const document = { channels: [{ ref: 'main', phoneNumber: '51999000111' }] } as unknown as SeedDocument;

/** What the seed wrote: agents applied with their channels, allowed terms added. */
function world() {
  const applied: unknown[][] = [];
  const added: unknown[][] = [];
  const built = newTestService(
    SeedService,
    fake(AgentRepository, {
      applySeed: async (workspaceId, items, channelIds, channels) => {
        applied.push([workspaceId, items, channelIds, channels]);
        return { sofia: 'agt_1' };
      },
    }),
    fake(AllowedTermRepository, { add: async (workspaceId, terms) => void added.push([workspaceId, terms]) }),
  );
  return { ...built, applied, added };
}

const applyOf = (section: string, items: unknown[], resolved: Record<string, Record<string, string>> = {}) =>
  ({ body: { section, workspace, users: [], items, resolved, document } }) as never;

describe('SeedService', () => {
  it('validates the agents and allowedTerms sections and refuses any other (501 naming it)', async () => {
    const { service } = world();
    expect(service.validate({ body: { section: 'agents', items: [], document } } as never)).toEqual({ ok: true });
    expect(service.validate({ body: { section: 'allowedTerms', items: [], document } } as never)).toEqual({ ok: true });
    const error = await refusal(
      Promise.resolve().then(() => service.validate({ body: { section: 'campaigns', items: [], document } } as never)),
    );
    expect([error.code, error.details]).toEqual([ErrorCode.NotImplemented, { feature: 'the seed\'s "campaigns" section' }]);
  });

  it("applies the agents with the channel ids resolved before and the document's channels, answering their ids", async () => {
    const { service, applied, added } = world();
    const items = [{ name: 'Sofía', ref: 'sofia', channels: ['main'] }];
    expect(await service.apply(applyOf('agents', items, { channels: { main: 'ch_1' } }))).toEqual({ ids: { sofia: 'agt_1' } });
    expect(applied).toEqual([['ws_1', items, { main: 'ch_1' }, document.channels]]);
    expect(added).toEqual([]);
  });

  it('applies agents with no channels resolved as an empty map', async () => {
    const { service, applied } = world();
    await service.apply(applyOf('agents', []));
    expect(applied[0]![2]).toEqual({});
  });

  it("adds the allowed terms to the workspace's whitelist, answering no ids", async () => {
    const { service, added, applied } = world();
    expect(await service.apply(applyOf('allowedTerms', ['Plática', 'WhatsApp']))).toEqual({ ids: {} });
    expect(added).toEqual([['ws_1', ['Plática', 'WhatsApp']]]);
    expect(applied).toEqual([]);
  });

  it('refuses to apply a section it does not own, writing nothing', async () => {
    const { service, added, applied } = world();
    expect((await refusal(service.apply(applyOf('templates', [{}])))).code).toBe(ErrorCode.NotImplemented);
    expect([added, applied]).toEqual([[], []]);
  });
});
