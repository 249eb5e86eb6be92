import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { connectMcpSchema, MCP_LIMITS } from '@platica/contracts';
import { MCP_AUTH_TYPES, MCP_BOUNDS, MCP_HEADER_NAME } from './mcp-bounds';

type Json = { [key: string]: any };
const fields = (schema: z.ZodType): Json => (z.toJSONSchema(schema, { io: 'input' }) as Json).properties;

describe('the console’s MCP server bounds', () => {
  it('are the server’s', () => {
    const connect = fields(connectMcpSchema);
    expect(connect.name.maxLength).toBe(MCP_BOUNDS.name.max);
    expect(connect.url.maxLength).toBe(MCP_BOUNDS.url.max);
    expect(MCP_LIMITS.headers).toBe(MCP_BOUNDS.headers.maxItems);
    expect(new RegExp(connect.headers.propertyNames.pattern).source).toBe(MCP_HEADER_NAME.source);
    const limits = connect.limits.properties;
    for (const key of ['maxBytes', 'timeoutMs', 'maxTimeoutMs'] as const) {
      expect({ min: limits[key].minimum, max: limits[key].maximum, default: limits[key].default }).toEqual(MCP_BOUNDS.limits[key]);
    }
    expect(connect.auth.oneOf.map((variant: Json) => variant.properties.type.const)).toEqual([...MCP_AUTH_TYPES]);
  });
});
