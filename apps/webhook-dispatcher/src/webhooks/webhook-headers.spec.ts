import { headersAfter, headersMovedIssues } from './webhook-headers';

/** A webhook's secret headers as custom APIs' secrets: `[REDACTED]` keeps one, and none follows the URL to another origin. */
describe('webhook headers in a PATCH', () => {
  const stored = { Authorization: 'Bearer t-1', 'x-api-key': 'k-1', 'x-tenant': 'acme' };

  it('keeps the stored values where [REDACTED] stands, and names the secrets kept', () => {
    expect(headersAfter({ authorization: '[REDACTED]', 'x-tenant': 'globex' }, stored)).toEqual({
      values: { authorization: 'Bearer t-1', 'x-tenant': 'globex' },
      kept: ['authorization'],
      issues: [],
    });
    expect(headersAfter(undefined, stored)).toEqual({ values: stored, kept: ['Authorization', 'x-api-key'], issues: [] });
    expect(headersAfter({ 'x-token': '[REDACTED]' }, stored).issues).toEqual([
      { path: ['headers', 'x-token'], message: expect.any(String) },
    ]);
  });

  it('refuses to carry a kept secret to another origin, not to another path of the same one', () => {
    expect(headersMovedIssues('https://crm.example.com/a', 'https://crm.example.com/b?x=1', ['x-api-key'])).toEqual([]);
    expect(headersMovedIssues('https://crm.example.com/a', 'https://evil.example.net/a', ['x-api-key']).map((i) => i.path)).toEqual([
      ['headers', 'x-api-key'],
    ]);
    expect(headersMovedIssues('https://crm.example.com/a', 'http://crm.example.com/a', ['authorization'])).toHaveLength(1);
    expect(headersMovedIssues('https://crm.example.com/a', 'https://evil.example.net/a', [])).toEqual([]);
  });
});
