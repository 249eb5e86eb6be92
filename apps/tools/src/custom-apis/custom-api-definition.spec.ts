import { connectToolSchema, createCustomApiSchema, REDACTED } from '@platica/contracts';
import {
  enableIssues,
  keepRedacted,
  parametersOf,
  secretsKeptAcrossOrigins,
  splitSecrets,
  withSecrets,
  type StoredDefinition,
} from './custom-api-definition';
import { assembleRequest, CallProblem, resolveValues } from './request-assembly';
import { capBytes } from '../shared/byte-cap';
import { trimResponse } from './response-trim';

const definitionOf = (input: Record<string, unknown>): StoredDefinition => {
  const {
    name: _name,
    description: _description,
    ...definition
  } = createCustomApiSchema.parse({
    name: 'prueba',
    description: 'Una API de prueba para las pruebas.',
    ...input,
  });
  return definition;
};

describe('custom API definitions', () => {
  const full = definitionOf({
    request: {
      method: 'POST',
      url: 'https://api.example.com/{{city}}',
      headers: [
        { key: 'Authorization', value: 'Token abc' },
        { key: 'Accept', value: 'application/json' },
      ],
      params: [{ key: 'api_key', value: 'k1' }],
      auth: { type: 'basic', username: 'ana', password: 'pw' },
    },
    variables: [
      { name: 'city', type: 'string', description: 'Ciudad', required: true },
      { name: 'units', type: 'string', mode: 'constant', constantValue: { deep: 'secret' } },
    ],
    encryptPayload: { key: 'jwt-key' },
  });

  it('redacts every write-only value and puts them back', () => {
    const { redacted, secrets } = splitSecrets(full);
    expect(redacted.request.headers).toEqual([
      { key: 'Authorization', value: REDACTED },
      { key: 'Accept', value: 'application/json' },
    ]);
    expect(redacted.request.params[0]!.value).toBe(REDACTED);
    expect(redacted.request.auth).toEqual({ type: 'basic', username: 'ana', password: REDACTED });
    expect(redacted.variables[1]!.constantValue).toBe(REDACTED);
    expect(redacted.encryptPayload!.key).toBe(REDACTED);
    expect(JSON.stringify(redacted)).not.toMatch(/abc|k1|"pw"|secret|jwt-key/);
    expect(withSecrets(redacted, secrets)).toEqual(full);
  });

  it('keeps a stored value for [REDACTED] and names the slot where nothing is stored', () => {
    const { redacted, secrets } = splitSecrets(full);
    const incoming = structuredClone(redacted);
    expect(keepRedacted(incoming, secrets)).toEqual([]);
    expect(incoming).toEqual(full);
    const renamed = structuredClone(redacted);
    renamed.request.headers[0]!.key = 'X-Token';
    expect(keepRedacted(renamed, secrets)).toEqual([{ path: ['request', 'headers', 'x-token'], message: expect.any(String) }]);
  });

  it("derives the model's JSON Schema from the ai variables only", () => {
    expect(parametersOf(full.variables)).toEqual({
      type: 'object',
      properties: { city: { type: 'string', description: 'Ciudad' } },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('requires descriptions on ai variables and known placeholders to enable', () => {
    const bad = definitionOf({
      request: { method: 'GET', url: 'https://api.example.com/{{nope}}/{{ctx.phoneNumber}}' },
      variables: [{ name: 'city', type: 'string' }],
    });
    expect(enableIssues(bad).map((issue) => issue.message)).toEqual([
      'the model-facing variable "city" needs a description',
      '{{nope}} names no variable',
      '{{ctx.phoneNumber}} names no variable',
    ]);
  });
});

describe('secrets bound to their origin', () => {
  const api = (url: string, tokenUrl: string) =>
    definitionOf({
      request: { method: 'GET', url, headers: [{ key: 'X-Api-Key', value: REDACTED }], auth: { type: 'bearer', token: REDACTED } },
      periodicAuth: {
        url: tokenUrl,
        body: REDACTED,
        headers: [{ key: 'Authorization', value: REDACTED }],
        inject: { in: 'header', key: 'Authorization' },
      },
    });
  const paths = (issues: { path: (string | number)[] }[]) => issues.map((i) => i.path.join('.')).sort();

  it("names every kept secret of the origin that moves, the request's or the token request's", () => {
    const before = api('https://api.example.com/x', 'https://auth.example.com/token');
    expect(
      secretsKeptAcrossOrigins(before, api('https://api.example.com/y', 'https://auth.example.com/token2'), { variablesOmitted: false }),
    ).toEqual([]);
    expect(
      paths(
        secretsKeptAcrossOrigins(before, api('https://evil.example.net/x', 'https://auth.example.com/token'), { variablesOmitted: false }),
      ),
    ).toEqual(['request.auth.token', 'request.headers.x-api-key']);
    expect(
      paths(secretsKeptAcrossOrigins(before, api('https://api.example.com/x', 'http://127.0.0.1:9/token'), { variablesOmitted: false })),
    ).toEqual(['periodicAuth.body', 'periodicAuth.headers.authorization']);
  });
});

describe('input the database cannot store', () => {
  it('refuses NUL characters anywhere in a definition, and a tool id that is no id', () => {
    const definition = { name: 'prueba', description: 'Una API de prueba\u0000.', request: { method: 'GET', url: 'https://x.example/' } };
    expect(createCustomApiSchema.safeParse(definition).success).toBe(false);
    expect(connectToolSchema.safeParse({ toolId: 'api_\u0000x' }).success).toBe(false);
    expect(connectToolSchema.safeParse({ toolId: 'api_0mwt9v84y9e6db' }).success).toBe(true);
  });
});

describe('request assembly', () => {
  it('types a lone JSON placeholder, escapes one inside text, and fails on invalid JSON', async () => {
    const definition = definitionOf({
      request: {
        method: 'POST',
        url: 'https://x.example/a',
        body: { mode: 'json', raw: '{"a": "{{n}}", "b": "x {{s}} y", "c": {{n}}, "d": "\\"{{s}}\\""}' },
      },
      variables: [
        { name: 'n', type: 'number', description: 'n' },
        { name: 's', type: 'string', description: 's' },
      ],
    });
    const values = resolveValues(definition, { n: 2, s: 'di "hola"' }, {});
    const { body } = await assembleRequest(definition, values);
    expect(JSON.parse(body!)).toEqual({ a: 2, b: 'x di "hola" y', c: 2, d: '"di "hola""' });
    const broken = definitionOf({ request: { method: 'POST', url: 'https://x.example/a', body: { mode: 'json', raw: '{"a": ' } } });
    await expect(assembleRequest(broken, resolveValues(broken, {}, {}))).rejects.toThrow(CallProblem);
  });

  it('encodes URL values in the path and query, not in the host', async () => {
    const definition = definitionOf({
      request: { method: 'GET', url: 'https://{{host}}:8443/a/{{p}}?q={{p}}' },
      variables: [
        { name: 'host', type: 'string', mode: 'constant', constantValue: 'api.example.com' },
        { name: 'p', type: 'string', description: 'p' },
      ],
    });
    const { url } = await assembleRequest(definition, resolveValues(definition, { p: 'a b/c' }, {}));
    expect(url).toBe('https://api.example.com:8443/a/a%20b%2Fc?q=a%20b%2Fc');
  });

  it('lets only a constant decide the scheme, userinfo, host or port, and keeps the request on the template origin', async () => {
    const ai = { name: 'sub', type: 'string', description: 's' } as const;
    for (const url of [
      'http://{{sub}}.example.com/x',
      'http://api.example.com:{{sub}}/x',
      'http://{{sub}}@api.example.com/x',
      '{{sub}}/x',
    ]) {
      const definition = definitionOf({ request: { method: 'GET', url, auth: { type: 'bearer', token: 't' } }, variables: [ai] });
      expect(enableIssues(definition)).toContainEqual({ path: ['variables', 0, 'mode'], message: expect.stringContaining('{{sub}}') });
      // A definition stored before the rule is refused when called: nothing is sent, the token least of all.
      await expect(assembleRequest(definition, resolveValues(definition, { sub: '127.0.0.1:19302/steal?' }, {}))).rejects.toMatchObject({
        outcome: 'mapping-error',
      });
    }
    const constant = definitionOf({
      request: { method: 'GET', url: 'https://{{host}}/x/{{sub}}' },
      variables: [{ name: 'host', type: 'string', mode: 'constant', constantValue: 'api.example.com' }, ai],
    });
    expect(enableIssues(constant)).toEqual([]);
    const { url } = await assembleRequest(constant, resolveValues(constant, { sub: '@127.0.0.1:19302/steal?' }, {}));
    expect(new URL(url).origin).toBe('https://api.example.com');
  });

  it('refuses input that breaks the variables (schema-error) and a header with a line break (mapping-error)', async () => {
    const definition = definitionOf({
      request: { method: 'GET', url: 'https://x.example/a', headers: [{ key: 'X-City', value: '{{city}}' }] },
      variables: [{ name: 'city', type: 'string', description: 'c', required: true, pattern: '^[A-Z]' }],
    });
    expect(() => resolveValues(definition, {}, {})).toThrow(/city: required/);
    expect(() => resolveValues(definition, { city: 'cdmx' }, {})).toThrow(/must match/);
    expect(() => resolveValues(definition, { city: 3 }, {})).toThrow(/must be a string/);
    await expect(assembleRequest(definition, resolveValues(definition, { city: 'A\r\nX-Evil: 1' }, {}))).rejects.toMatchObject({
      outcome: 'mapping-error',
    });
  });
});

describe('response trimming', () => {
  const config = { strictPath: false, maxBytes: 32_000 };
  it('takes a path with indices, include and exclude on arrays, and caps bytes on a character boundary', () => {
    const answer = JSON.stringify({
      data: {
        items: [
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ],
      },
    });
    expect(trimResponse(answer, 'application/json', { ...config, path: 'data.items[1]' })).toEqual({ a: 3, b: 4 });
    expect(trimResponse(answer, 'application/json', { ...config, path: 'data.items', include: ['a'] })).toEqual([{ a: 1 }, { a: 3 }]);
    expect(trimResponse(answer, 'application/json', { ...config, path: 'data.items', exclude: ['a'] })).toEqual([{ b: 2 }, { b: 4 }]);
    expect(() => trimResponse(answer, 'application/json', { ...config, path: 'data.nope', strictPath: true })).toThrow(CallProblem);
    const cut = capBytes('ñ'.repeat(100), 50) as string;
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^ñ+ …\[truncated\]$/);
  });
});
