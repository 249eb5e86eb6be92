import { PUBLIC_OPERATIONS } from '@platica/contracts';
import { buildOpenApiDocument } from './openapi';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument('http://127.0.0.1:8080') as {
    paths: Record<string, Record<string, any>>;
    components: { schemas: Record<string, unknown> };
  };

  it('describes every public operation under its path and method', () => {
    for (const operation of PUBLIC_OPERATIONS) {
      expect(doc.paths[operation.path]?.[operation.method.toLowerCase()]?.operationId).toBe(operation.operationId);
    }
  });

  it('resolves every $ref to a component', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.replace('#/components/schemas/', '')]).toBeDefined();
    }
  });

  it('declares what the gateway refuses: an empty workspace, NUL in any string or key, the admin API’s 429', () => {
    const parameters = Object.values(doc.paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.parameters ?? []));
    const workspace = parameters.filter((parameter: any) => parameter.name === 'workspace');
    expect(workspace.length).toBe(PUBLIC_OPERATIONS.length);
    for (const parameter of workspace) expect(parameter.schema).toMatchObject({ type: 'string', minLength: 1, pattern: '^[^\\u0000]*$' });
    const strings: any[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if ((node as any).type === 'string' && (node as any).enum === undefined && (node as any).const === undefined) strings.push(node);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc.paths['/v1/messages']!.post.requestBody);
    const { Error: error, ...resources } = doc.components.schemas;
    walk(resources);
    expect(strings.length).toBeGreaterThan(10);
    for (const schema of strings) expect(schema.pattern).toEqual(expect.any(String));
    // An error's details name what was sent, a refused NUL included: nothing there may refuse it.
    expect(JSON.stringify(error)).not.toContain('\\u0000');
    const nul = new RegExp(doc.paths['/v1/agents/{agentId}']!.get.parameters[0].schema.pattern);
    expect([nul.test('agt_1'), nul.test('agt\u00001')]).toEqual([true, false]);
    expect(doc.paths['/admin/v1/seed']!.post.responses['429']).toBeDefined();
  });

  it('shares one definition of each named resource', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Agent', 'ConversationSummary', 'ScheduledMessage']),
    );
    expect(JSON.stringify(doc.components.schemas.Error)).not.toContain('$ref');
  });

  it('documents the Idempotency-Key header, its 409 and its 422 on exactly the operations that take one', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const withHeader = operations.filter((op) => (op.parameters ?? []).some((parameter: any) => parameter.name === 'Idempotency-Key'));
    expect(withHeader.map((op) => op.operationId).sort()).toEqual([
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
    for (const op of withHeader) {
      expect(op.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
      expect(op.responses['409'].description).toContain('idempotency_key_in_progress');
      expect(op.responses['422'].description).toContain('idempotency_key_reused');
    }
  });
});
