import { sendMessageRequestSchema } from '@platica/contracts';
import type { DomainError } from '@platica/errors';
import { checkTypeOnChannel, recipientOf } from './channel-rules';
import { normalizeContent } from '../graph/message-content';

const paths = (body: unknown) => {
  const result = sendMessageRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};
const base = { channelId: 'wb-1', conversationId: '5215551234567' };

describe('POST /v1/messages validation', () => {
  it('accepts every content shape of the spec', () => {
    for (const body of [
      { content: 'hola' },
      { type: 'text', content: { text: 'hola' } },
      { type: 'image', content: { image: { url: 'https://cdn.example.com/a.png', caption: 'c' } } },
      { type: 'video', content: { video: { url: 'https://cdn.example.com/a.mp4' } } },
      { type: 'file', content: { file: { url: 'https://cdn.example.com/a.pdf', filename: 'a.pdf' } } },
      { type: 'audio', content: { audio: { url: 'https://cdn.example.com/a.ogg' } } },
      { type: 'interactive', content: { type: 'button', body: { text: 'x' }, action: { buttons: [{ id: 'a', title: 'A' }] } } },
      {
        type: 'interactive',
        content: { type: 'list', body: { text: 'x' }, action: { button: 'Ver', sections: [{ rows: [{ id: 'a', title: 'A' }] }] } },
      },
      { type: 'interactive', content: { type: 'flow', body: { text: 'x' }, action: { parameters: { flow_id: '1', flow_cta: 'Go' } } } },
      { type: 'instruction', content: { text: 'x', mode: 'wait' } },
    ]) {
      expect(paths({ ...base, ...body })).toEqual([]);
    }
  });

  it.each([
    ['object content without type', { content: { text: 'x' } }, 'type'],
    ['a non-https media URL', { type: 'audio', content: { audio: { url: 'http://cdn.example.com/a.ogg' } } }, 'content.audio.url'],
    ['a loopback media URL', { type: 'audio', content: { audio: { url: 'https://127.0.0.1/a.ogg' } } }, 'content.audio.url'],
    [
      'a button title over 20 characters',
      { type: 'interactive', content: { type: 'button', body: { text: 'x' }, action: { buttons: [{ id: 'a', title: 'x'.repeat(21) }] } } },
      'content.action.buttons.0.title',
    ],
    [
      'repeated button ids',
      {
        type: 'interactive',
        content: {
          type: 'button',
          body: { text: 'x' },
          action: {
            buttons: [
              { id: 'a', title: 'A' },
              { id: 'a', title: 'B' },
            ],
          },
        },
      },
      'content.action.buttons',
    ],
    [
      'a flow without flow_cta',
      { type: 'interactive', content: { type: 'flow', body: { text: 'x' }, action: { parameters: { flow_id: '1' } } } },
      'content.action.parameters.flow_cta',
    ],
    ['an empty text', { content: '' }, 'content'],
  ])('refuses %s', (_what, body, path) => {
    expect(paths({ ...base, ...body })).toContain(path);
  });

  it('names both delay and scheduleTime when combined', () => {
    expect(paths({ ...base, content: 'x', delay: 5000, scheduleTime: '2030-01-01T10:00:00Z' })).toEqual(['delay', 'scheduleTime']);
  });

  it('applies the channel rules: 422 for what a channel cannot carry', () => {
    const status = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (error) {
        return (error as DomainError).status;
      }
    };
    expect(status(() => checkTypeOnChannel('whatsapp', 'interactive'))).toBe(200);
    expect(status(() => checkTypeOnChannel('whatsapp', 'email'))).toBe(422);
    expect(status(() => checkTypeOnChannel('instagram', 'interactive'))).toBe(422);
    expect(status(() => checkTypeOnChannel('facebook', 'template'))).toBe(422);
    expect(status(() => checkTypeOnChannel('facebook', 'image'))).toBe(200);
    for (const type of ['interactive', 'email', 'template'] as const) expect(status(() => checkTypeOnChannel('service', type))).toBe(422);
    for (const type of ['text', 'image', 'video', 'file', 'audio', 'instruction'] as const)
      expect(status(() => checkTypeOnChannel('service', type))).toBe(200);
    expect(recipientOf('whatsapp', '+5215551234567')).toBe('5215551234567');
    expect(status(() => recipientOf('whatsapp', 'chat_1'))).toBe(400);
    expect(recipientOf('facebook', '7777')).toBe('7777');
  });

  it('normalizes content and generates a flow token', () => {
    expect(normalizeContent('text', 'hola')).toEqual({ type: 'text', text: 'hola' });
    expect(normalizeContent('text', { text: 'hola' })).toEqual({ type: 'text', text: 'hola' });
    const flow = normalizeContent('interactive', {
      type: 'flow',
      body: { text: 'x' },
      action: { parameters: { flow_id: '1', flow_cta: 'Go' } },
    });
    expect(flow).toMatchObject({ type: 'interactive', flowToken: expect.stringMatching(/^flt_[0-9a-f]{24}$/) });
  });
});
