import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { CampaignRepository } from '../campaigns/campaign.repository';
import { SeedService } from './seed.service';

function world() {
  const applied: unknown[][] = [];
  const built = newTestService(
    SeedService,
    fake(CampaignRepository, {
      applySeed: async (...args) => {
        applied.push(args);
        return { spring: 'cmp_1' };
      },
    }),
  );
  return { ...built, applied };
}

const body = (section: string, items: unknown[] = []) => ({
  auth: testAuth(),
  params: {},
  query: {},
  requestId: 'req_1',
  body: {
    section,
    workspace: { id: 'ws_1', name: 'One', timezone: 'UTC' },
    users: [],
    items,
    resolved: {},
    document: { templates: [{ name: 'promo' }] },
  },
});

describe('campaigns SeedService', () => {
  it('accepts only the campaigns section', () => {
    const { service } = world();
    expect(service.validate(body('campaigns') as never)).toEqual({ ok: true });
    expect(() => service.validate(body('channels') as never)).toThrow(expect.objectContaining({ code: ErrorCode.NotImplemented }));
  });

  it("stores the section's campaigns in the workspace with the document's templates, and answers their ids", async () => {
    const { service, applied } = world();
    const campaign = { ref: 'spring', title: 'Spring' };
    expect(await service.apply(body('campaigns', [campaign]) as never)).toEqual({ ids: { spring: 'cmp_1' } });
    expect(applied).toEqual([['ws_1', [campaign], [{ name: 'promo' }]]]);
  });

  it('refuses to apply another section (501) and stores nothing', async () => {
    const { service, applied } = world();
    const error = await refusal(service.apply(body('templates') as never));
    expect([error.code, error.details]).toEqual([ErrorCode.NotImplemented, { feature: 'the seed\'s "templates" section' }]);
    expect(applied).toEqual([]);
  });
});
