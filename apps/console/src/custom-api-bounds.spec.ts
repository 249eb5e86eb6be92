import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CONTEXT_FIELDS as SERVER_CONTEXT_FIELDS, createCustomApiSchema, CUSTOM_API_LIMITS } from '@platica/contracts';
import {
  AUTH_TYPES,
  BODY_MODES,
  BODY_STRATEGIES,
  CONTEXT_FIELDS,
  CUSTOM_API_BOUNDS as B,
  HTTP_METHODS,
  VARIABLE_MODES,
  VARIABLE_TYPES,
} from './custom-api-bounds';

describe('the console’s custom API bounds', () => {
  const schema = z.toJSONSchema(createCustomApiSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, any> };
  const fields = schema.properties;
  const request = fields.request.properties;

  it('are the server’s', () => {
    expect(fields.name.maxLength).toBe(B.name.max);
    expect(new RegExp(fields.name.pattern).source).toBe(B.name.pattern.source);
    expect([fields.description.minLength, fields.description.maxLength]).toEqual([B.description.min, B.description.max]);
    expect(request.url.maxLength).toBe(B.url.max);
    expect([request.params.maxItems, request.headers.maxItems]).toEqual([B.params.maxItems, B.headers.maxItems]);
    expect(fields.variables.maxItems).toBe(B.variables.maxItems);
    const variable = fields.variables.items.properties;
    expect(new RegExp(variable.name.pattern).source).toBe(B.variables.namePattern.source);
    expect(variable.description.maxLength).toBe(B.variables.descriptionMax);
    const timeout = request.settings.properties.timeoutMs;
    expect([timeout.minimum, timeout.maximum]).toEqual([B.timeoutMs.min, B.timeoutMs.max]);
    expect([CUSTOM_API_LIMITS.timeoutMinMs, CUSTOM_API_LIMITS.timeoutMaxMs]).toEqual([B.timeoutMs.min, B.timeoutMs.max]);
    const lastMessagesN = fields.context.properties.lastMessagesN;
    expect([lastMessagesN.minimum, lastMessagesN.maximum]).toEqual([B.lastMessagesN.min, B.lastMessagesN.max]);
    const maxBytes = fields.response.properties.maxBytes;
    expect([maxBytes.minimum, maxBytes.maximum]).toEqual([B.maxBytes.min, B.maxBytes.max]);
  });

  it('offer the choices the server accepts', () => {
    expect(request.method.enum).toEqual([...HTTP_METHODS]);
    expect((request.body.anyOf ?? request.body.oneOf).map((mode: any) => mode.properties.mode.const)).toEqual([...BODY_MODES]);
    expect((request.auth.anyOf ?? request.auth.oneOf).map((auth: any) => auth.properties.type.const)).toEqual([...AUTH_TYPES]);
    expect([...fields.mapping.properties.bodyStrategy.enum].sort()).toEqual([...BODY_STRATEGIES].sort());
    expect(fields.variables.items.properties.mode.enum).toEqual([...VARIABLE_MODES]);
    expect(fields.variables.items.properties.type.enum).toEqual([...VARIABLE_TYPES]);
    expect(CONTEXT_FIELDS).toEqual(SERVER_CONTEXT_FIELDS);
  });
});
