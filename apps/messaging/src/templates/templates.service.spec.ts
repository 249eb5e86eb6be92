import { fake, newTestService, testAuth } from '@platica/testing/test-service';
import type { Template } from './template.entity';
import { TemplateRepository } from './template.repository';
import { TemplatesService } from './templates.service';

describe('TemplatesService.list', () => {
  it("lists the write workspace's templates with the filters given, each with its count of variables", async () => {
    const asked: unknown[][] = [];
    const rows = [
      {
        id: 'tpl_1',
        workspaceId: 'ws_1',
        channelId: 'ch_1',
        name: 'welcome',
        language: 'es_MX',
        category: 'MARKETING',
        status: 'approved',
        body: 'Hola {{1}}, tu pedido {{2}} llegó. {{1}}',
        header: { type: 'text', text: 'Pedido {{1}}' },
        footer: 'Gracias',
        buttons: [{ type: 'QUICK_REPLY', text: 'OK' }],
      },
      {
        id: 'tpl_2',
        workspaceId: 'ws_1',
        channelId: 'ch_1',
        name: 'plain',
        language: 'es',
        category: 'UTILITY',
        status: 'pending',
        body: 'Sin variables',
        buttons: [],
      },
    ] as unknown as Template[];
    const { service } = newTestService(
      TemplatesService,
      fake(TemplateRepository, {
        list: async (workspaceId, filters) => {
          asked.push([workspaceId, filters]);
          return rows;
        },
      }),
    );
    const query = { channelId: 'ch_1' };
    const answer = await service.list({ auth: testAuth(), workspaceId: 'ws_2', params: {}, query, requestId: 'req_1' } as never);
    expect(asked).toEqual([['ws_2', query]]);
    expect(answer).toEqual({
      count: 2,
      templates: [
        {
          id: 'tpl_1',
          channelId: 'ch_1',
          name: 'welcome',
          language: 'es_MX',
          category: 'MARKETING',
          status: 'approved',
          body: 'Hola {{1}}, tu pedido {{2}} llegó. {{1}}',
          header: { type: 'text', text: 'Pedido {{1}}' },
          footer: 'Gracias',
          buttons: [{ type: 'QUICK_REPLY', text: 'OK' }],
          variables: 3,
        },
        expect.objectContaining({ id: 'tpl_2', header: null, footer: null, variables: 0 }),
      ],
    });
  });
});
