import { canRetry, failureOf } from './failure';
import type { ConversationMessage } from './types';

const failed = (overrides: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: 'msg_1',
  role: 'assistant',
  content: 'Hola',
  contentType: 'text',
  direction: 'outgoing',
  status: 'failed',
  creationDate: '2026-11-28T10:00:00.000Z',
  lastUpdate: '2026-11-28T10:00:00.000Z',
  files: [],
  images: [],
  owner: { id: 'usr_1', type: 'user', email: 'ana@example.test' },
  ...overrides,
});

describe('why a failed message failed, in the console', () => {
  it("takes messaging's reason for a send it attempted, with Meta's code", () => {
    const refused = { provider: 'meta', reason: 'refused', status: 400, code: 131026, message: '(#131026) Message undeliverable' };
    expect(failureOf(failed({ error: refused }))).toEqual({ cause: 'refused', code: '131026', message: '(#131026) Message undeliverable' });
    expect(failureOf(failed({ error: { reason: 'unreachable', code: null, message: 'no answer within 10000 ms' } }))).toEqual({
      cause: 'unreachable',
      code: null,
      message: 'no answer within 10000 ms',
    });
    expect(failureOf(failed({ error: { reason: 'window_closed', code: 131047, message: 'Re-engagement message' } })).cause).toBe(
      'window_closed',
    );
  });

  it("reads the runtime's codes for an agent reply held back, and Meta's window code from a status webhook", () => {
    const agent = { owner: { id: 'agt_1', type: 'ai' } };
    expect(failureOf(failed({ ...agent, error: { code: 'window_closed', message: 'closed' } })).cause).toBe('window_closed');
    expect(failureOf(failed({ ...agent, error: { code: 'client_blocked', message: 'blocked' } })).cause).toBe('client_blocked');
    // A failure Meta reports later: its `failed` status webhook carries a numeric code and no reason.
    expect(failureOf(failed({ error: { code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' } })).cause).toBe(
      'window_closed',
    );
    expect(failureOf(failed({ error: { code: 131049, message: 'Healthy ecosystem' } })).cause).toBe('refused');
  });

  it("an agent's message without content is its failed turn; anything else unknown is shown as it is", () => {
    const turn = failed({ content: '', owner: { id: 'agt_1', type: 'ai' }, error: { code: 'model_error', message: 'The model failed' } });
    expect(failureOf(turn)).toEqual({ cause: 'turn', code: 'model_error', message: 'The model failed' });
    expect(failureOf(failed({ error: { code: 'odd', message: 'Something else' } }))).toEqual({
      cause: 'other',
      code: 'odd',
      message: 'Something else',
    });
    expect(failureOf(failed({ error: undefined })).cause).toBe('other');
  });
});

describe('Retry on a failed message', () => {
  it("is offered on a person's or an API key's failed text while the window is open", () => {
    expect(canRetry(failed(), true)).toBe(true);
    expect(canRetry(failed({ owner: { id: 'key_1', type: 'api' } }), true)).toBe(true);
    expect(canRetry(failed(), false)).toBe(false);
  });

  it("is not offered on media, templates, the agent's replies, a campaign's or a message that did not fail", () => {
    expect(canRetry(failed({ contentType: 'image' }), true)).toBe(false);
    expect(canRetry(failed({ contentType: 'template' }), true)).toBe(false);
    expect(canRetry(failed({ owner: { id: 'agt_1', type: 'ai' } }), true)).toBe(false);
    expect(canRetry(failed({ owner: { id: 'cmp_1', type: 'campaign' } }), true)).toBe(false);
    expect(canRetry(failed({ status: 'delivered' }), true)).toBe(false);
    expect(canRetry(failed({ content: '  ' }), true)).toBe(false);
  });
});
