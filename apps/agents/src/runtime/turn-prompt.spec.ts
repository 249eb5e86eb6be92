import type { TurnHistoryItem } from '@platica/contracts';
import { turnMessages, type PromptedAgent } from './turn-prompt';

const agent: PromptedAgent = {
  systemPrompt: 'Eres Sofía.',
  supportInformation: {
    supportEmail: 'ayuda@acme.test',
    serviceHours: { monday: { start: '8:00am', end: '6:00pm', availability: 'Abierto' } },
  },
  enableFileAttachments: true,
};
let n = 0;
const item = (role: TurnHistoryItem['role'], content: string, extra: Partial<TurnHistoryItem> = {}): TurnHistoryItem => ({
  id: `msg_${++n}`,
  role,
  content,
  contentType: 'text',
  images: [],
  files: [],
  status: role === 'user' ? 'received' : 'sent',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  ...extra,
});

/** What the model is given for a turn (ARCHITECTURE.md › Agent runtime: what the model sees). */
describe('turnMessages', () => {
  it('starts with the system prompt and its support information, then the history in order', () => {
    const messages = turnMessages(agent, [item('user', 'hola'), item('assistant', '¡Hola!'), item('user', '¿precio?')], null, 10_000);
    expect(messages[0]).toEqual({
      role: 'system',
      content: 'Eres Sofía.\n\nSupport information:\n- Email: ayuda@acme.test\n- Service hours, monday: 8:00am to 6:00pm (Abierto)',
    });
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hola' }] },
      { role: 'assistant', content: '¡Hola!' },
      { role: 'user', content: [{ type: 'text', text: '¿precio?' }] },
    ]);
  });

  it('puts additional instructions after the system prompt, business instructions in place, and leaves failed replies out', () => {
    const history = [
      item('user', 'hola'),
      item('assistant', '', { status: 'failed' }),
      item('system', 'Es cliente VIP'),
      item('user', 'sigo'),
    ];
    const roles = turnMessages(agent, history, 'Responde en inglés', 10_000).map(
      (m) => `${m.role}:${typeof m.content === 'string' ? m.content : ''}`,
    );
    expect(roles).toEqual([
      'system:Eres Sofía.\n\nSupport information:\n- Email: ayuda@acme.test\n- Service hours, monday: 8:00am to 6:00pm (Abierto)',
      'system:Additional instructions for this reply only:\nResponde en inglés',
      'user:',
      'system:Instruction from the business: Es cliente VIP',
      'user:',
    ]);
  });

  it('keeps the newest history within the budget, and always the latest message', () => {
    const history = [item('user', 'a'.repeat(50)), item('assistant', 'b'.repeat(50)), item('user', 'c'.repeat(50))];
    expect(
      turnMessages(agent, history, null, 120)
        .slice(1)
        .map((m) => m.role),
    ).toEqual(['assistant', 'user']);
    expect(
      turnMessages(agent, history, null, 10)
        .slice(1)
        .map((m) => m.role),
    ).toEqual(['user']);
  });

  it('gives images as visual content and names files, or only names images when the agent takes no attachments', () => {
    const withImage = item('user', 'mira', {
      images: [{ url: 'https://cdn.acme.test/a.png', mimeType: 'image/png' }],
      files: [{ url: 'https://cdn.acme.test/f.pdf', mimeType: 'application/pdf', filename: 'f.pdf' }],
    });
    expect(turnMessages(agent, [withImage], null, 10_000)[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'mira' },
        { type: 'image', image: new URL('https://cdn.acme.test/a.png'), mediaType: 'image/png' },
        { type: 'text', text: '[file f.pdf (application/pdf): https://cdn.acme.test/f.pdf]' },
      ],
    });
    const plain = turnMessages({ ...agent, enableFileAttachments: false }, [withImage], null, 10_000)[1]!;
    expect(JSON.stringify(plain.content)).toContain('[image: https://cdn.acme.test/a.png]');
  });
});
