import { agentUpdateSchema, listConversationsQuerySchema, sendMessageRequestSchema } from '@platica/contracts';
import { type DomainError } from '@platica/errors';
import { PUBLIC_OPERATIONS } from '@platica/contracts';
import { requestFor, toolFor } from './mcp-tools';

const tool = (name: string) => {
  const operation = PUBLIC_OPERATIONS.find((o) => o.operationId === name);
  if (!operation) throw new Error(`no operation ${name}`);
  return toolFor(operation);
};

describe('/mcp tools', () => {
  it('are one per REST operation, with unique names MCP clients accept', () => {
    const names = PUBLIC_OPERATIONS.map((o) => o.operationId);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    expect(names).toEqual(
      expect.arrayContaining(['conversations_list', 'messages_send', 'chat_send', 'agents_update', 'workspaces_list', 'agents_tools_list']),
    );
  });

  it('take their input schema from the zod schemas the services validate with', () => {
    const update = tool('agents_update');
    expect(update.inputSchema.required).toContain('agentId');
    for (const field of Object.keys(agentUpdateSchema.shape)) expect(update.inputSchema.properties).toHaveProperty(field);
    const send = tool('messages_send');
    expect(send.inputSchema.properties).toHaveProperty('workspace');
    expect(JSON.stringify(send.inputSchema)).toContain('conversationId');
    expect(sendMessageRequestSchema).toBeDefined();
    const list = tool('conversations_list');
    for (const field of Object.keys(listConversationsQuerySchema.shape)) expect(list.inputSchema.properties).toHaveProperty(field);
    expect(list.annotations.readOnlyHint).toBe(true);
    expect(tool('webhooks_delete').annotations.destructiveHint).toBe(true);
  });

  it('turn arguments into the REST request: path parameters, query as strings, the rest as the body', () => {
    expect(requestFor(tool('agents_update'), { agentId: 'agt_1', name: 'New', workspace: 'ws_1' })).toEqual({
      params: { agentId: 'agt_1' },
      query: { workspace: 'ws_1' },
      body: { name: 'New' },
    });
    const list = requestFor(tool('conversations_list'), { limit: 5 });
    expect(list.query).toEqual({ limit: '5' });
    expect(list.body).toBeNull();
  });

  it('refuse a missing path parameter or an unknown argument as REST would (400, naming them)', () => {
    const issues = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return ((error as DomainError).details as { path: string[] }[]).map((d) => d.path.join('.'));
      }
      return [];
    };
    expect(issues(() => requestFor(tool('agents_get'), {}))).toEqual(['agentId']);
    expect(issues(() => requestFor(tool('agents_get'), { agentId: 'a', bogus: 1 }))).toEqual(['bogus']);
  });

  it('take the Idempotency-Key as the idempotencyKey argument, on exactly the operations that take the header', () => {
    const withKey = PUBLIC_OPERATIONS.filter((operation) => 'idempotencyKey' in toolFor(operation).inputSchema.properties).map(
      (o) => o.operationId,
    );
    expect(withKey.sort()).toEqual([
      'agents_copy',
      'agents_create',
      'campaigns_send',
      'canned_replies_create',
      'chat_send',
      'conversation_notes_create',
      'knowledge_bases_create',
      'knowledge_sources_create',
      'messages_send',
      'messages_send_template',
      'models_connections_create',
    ]);
    expect(
      requestFor(tool('messages_send'), { channelId: 'wb-1', conversationId: '5215551112222', content: 'hola', idempotencyKey: 'k-1' }),
    ).toEqual({
      params: {},
      query: {},
      body: { channelId: 'wb-1', conversationId: '5215551112222', content: 'hola' },
      idempotencyKey: 'k-1',
    });
  });
});
