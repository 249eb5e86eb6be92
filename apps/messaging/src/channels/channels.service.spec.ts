import { fake, newTestService, testAuth } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from './channel.repository';
import { ChannelsService } from './channels.service';

describe('ChannelsService.describe', () => {
  it('resolves each reference in the write workspace, in order, null where it is not its channel, without secrets', async () => {
    const lookups: [string, string][] = [];
    const channels: OpenChannel[] = [
      {
        id: 'ch_1',
        workspaceId: 'ws_1',
        platform: 'whatsapp',
        name: 'Ventas',
        naturalKey: '+5215550100',
        externalId: '111',
        phoneNumber: '+5215550100',
        defaultAgentId: null,
        secrets: { accessToken: 'tok' } as never,
      },
      {
        id: 'ch_2',
        workspaceId: 'ws_2',
        platform: 'facebook',
        name: 'Page',
        naturalKey: 'page_1',
        externalId: 'page_1',
        phoneNumber: null,
        defaultAgentId: null,
        secrets: null,
      },
    ];
    const { service } = newTestService(
      ChannelsService,
      fake(ChannelRepository, {
        findForWorkspace: async (workspaceId, ref) => {
          lookups.push([workspaceId, ref]);
          return channels.find((c) => c.workspaceId === workspaceId && (c.id === ref || c.naturalKey === ref)) ?? null;
        },
      }),
    );
    const answer = await service.describe({
      auth: testAuth(),
      workspaceId: 'ws_1',
      params: {},
      query: {},
      requestId: 'req_1',
      body: { refs: ['+5215550100', 'ch_2', 'ch_404'] },
    } as never);
    expect(answer).toEqual({ channels: [{ id: 'ch_1', platform: 'whatsapp', phoneNumber: '+5215550100' }, null, null] });
    expect(lookups).toEqual([
      ['ws_1', '+5215550100'],
      ['ws_1', 'ch_2'],
      ['ws_1', 'ch_404'],
    ]);
  });
});
