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

  it('shares one definition of each named resource', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Agent', 'ConversationSummary', 'ScheduledMessage']),
    );
    expect(JSON.stringify(doc.components.schemas.Error)).not.toContain('$ref');
  });
});
