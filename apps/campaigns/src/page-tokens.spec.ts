import { randomBytes } from 'node:crypto';
import { DomainError } from '@platica/errors';
import type { ServiceConfig } from '@platica/platform';
import { CampaignPageTokens } from './page-tokens';

const config = (key: string) =>
  ({ values: { PLATICA_ENCRYPTION_KEY: key, PLATICA_ENCRYPTION_KEYS_PREVIOUS: [] } }) as unknown as ServiceConfig;

/** The path of a refusal's one issue, or null when decode answered. */
function refusal(decode: () => unknown): unknown {
  try {
    decode();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.details : error;
  }
}

describe('campaign page tokens', () => {
  const key = randomBytes(32).toString('base64');
  const tokens = new CampaignPageTokens(config(key));
  const filters = { workspaceId: 'ws_1', q: 'promo' };
  const token = tokens.encode('campaigns', filters, { value: '2026-11-27T10:00:00.000Z', id: 'cmp_1' });

  it('give back the position they were issued with, for the same listing and filters (in any key order)', () => {
    expect(tokens.decode('campaigns', token, { q: 'promo', workspaceId: 'ws_1' })).toEqual({
      value: '2026-11-27T10:00:00.000Z',
      id: 'cmp_1',
    });
    expect(new CampaignPageTokens(config(key)).decode('campaigns', token, filters).id).toBe('cmp_1');
  });

  it.each([
    ['another listing', () => tokens.decode('run-recipients', token, filters)],
    ['other filters', () => tokens.decode('campaigns', token, { ...filters, q: 'other' })],
    ['another workspace', () => tokens.decode('campaigns', token, { ...filters, workspaceId: 'ws_2' })],
    ['another key', () => new CampaignPageTokens(config(randomBytes(32).toString('base64'))).decode('campaigns', token, filters)],
    ['an altered token', () => tokens.decode('campaigns', `x${token}`, filters)],
    ['garbage', () => tokens.decode('campaigns', 'garbage', filters)],
  ])('refuse %s as a 400 naming pageToken', (_, decode) => {
    expect(refusal(decode)).toEqual([expect.objectContaining({ path: ['pageToken'] })]);
  });
});
