import type { TurnHistoryItem } from '@platica/contracts';
import { httpUrlProblem } from '@platica/platform';
import { CONTEXT_SUMMARY_HEADING, filesToRead, RECALL_HEADING, turnMessages, type PromptedAgent, type ReadFiles } from './turn-prompt';

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

  it('only names an image whose URL the outbound policy refuses (a channel image stored before the check, say)', () => {
    const metadata = item('user', 'mira', { images: [{ url: 'http://169.254.169.254/latest/meta-data/', mimeType: 'image/png' }] });
    const guarded = (url: string) => httpUrlProblem(url, { allowPrivateNetworks: false });
    expect(turnMessages(agent, [metadata], null, 10_000, {}, new Map(), guarded)[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'mira' },
        { type: 'text', text: '[image: http://169.254.169.254/latest/meta-data/]' },
      ],
    });
  });

  describe('memory', () => {
    it("puts the recalled summary of the client's previous conversation after the system prompt", () => {
      const messages = turnMessages(agent, [item('user', 'hola de nuevo')], null, 10_000, { recallSummary: 'Pidió la orden A-1.' });
      expect(messages[1]).toEqual({ role: 'system', content: `${RECALL_HEADING}\nPidió la orden A-1.` });
      expect(messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'hola de nuevo' }] });
    });

    it('gives the running summary in place of the messages it covers, then the messages after it', () => {
      const history = [
        item('user', 'uno'),
        item('assistant', 'dos'),
        item('user', 'tres'),
        item('assistant', 'cuatro'),
        item('user', 'cinco'),
      ];
      const upTo = history[2]!;
      const messages = turnMessages(agent, history, 'sé breve', 10_000, {
        contextSummary: 'Habló de uno, dos y tres.',
        summarizedUpTo: { id: upTo.id, createdAt: upTo.createdAt },
      });
      expect(messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))).toEqual([
        expect.stringContaining('Eres Sofía.'),
        `${CONTEXT_SUMMARY_HEADING}\nHabló de uno, dos y tres.`,
        'Additional instructions for this reply only:\nsé breve',
        'cuatro',
        JSON.stringify([{ type: 'text', text: 'cinco' }]),
      ]);
    });

    it('finds the summarised point by time once its message left the window', () => {
      const history = [item('user', 'viejo'), item('user', 'nuevo')];
      const messages = turnMessages(agent, history.slice(1), null, 10_000, {
        contextSummary: 'Resumen.',
        summarizedUpTo: { id: 'msg_gone', createdAt: history[0]!.createdAt },
      });
      expect(messages.slice(2)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'nuevo' }] }]);
    });
  });

  describe('attachments read for the turn', () => {
    const pdf = { url: 'https://cdn.acme.test/factura.pdf', mimeType: 'application/pdf', filename: 'factura.pdf' };
    const docx = {
      url: 'https://cdn.acme.test/c.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    const notes = { url: 'https://cdn.acme.test/notas.txt', mimeType: 'text/plain' };

    it("reads the readable files of the customer's messages since the latest reply (PDF, WAV/MP3, text), not older ones", () => {
      const history = [
        item('user', 'antes', { files: [{ ...pdf, url: 'https://cdn.acme.test/old.pdf' }] }),
        item('assistant', 'ok'),
        item('user', 'ahora', { files: [pdf, docx, notes, { url: 'https://cdn.acme.test/v.ogg', mimeType: 'audio/ogg' }] }),
        item('user', 'y esto', { files: [{ url: 'https://cdn.acme.test/n.mp3', mimeType: 'audio/mpeg' }] }),
      ];
      expect(filesToRead(history).map((f) => f.url)).toEqual([pdf.url, notes.url, 'https://cdn.acme.test/n.mp3']);
    });

    it('gives a read file as a file part after its name; an unread one, or any when the agent takes no attachments, by name only', () => {
      const data = new Uint8Array([37, 80, 68, 70]);
      const message = item('user', 'mira', { files: [pdf, docx] });
      expect(turnMessages(agent, [message], null, 10_000, {}, new Map([[pdf.url, data]]))[1]).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: 'mira' },
          { type: 'text', text: `[file factura.pdf (application/pdf): ${pdf.url}]` },
          { type: 'file', data, mediaType: 'application/pdf', filename: 'factura.pdf' },
          { type: 'text', text: `[file (${docx.mimeType}): ${docx.url}]` },
        ],
      });
      const plain = turnMessages({ ...agent, enableFileAttachments: false }, [message], null, 10_000, {}, new Map([[pdf.url, data]]))[1]!;
      expect(JSON.stringify(plain.content)).not.toContain('"type":"file"');
    });

    describe('received on WhatsApp (a Graph media id, no URL)', () => {
      const photo = { mediaId: '65463453', mimeType: 'image/jpeg' };
      const invoice = { mediaId: '1234567890', mimeType: 'application/pdf', filename: 'f.pdf', type: 'file' };
      const voice = { mediaId: '77', mimeType: 'audio/ogg; codecs=opus', type: 'audio' };

      it('reads its images and readable files by media id; other types not', () => {
        const history = [item('user', '[image]', { images: [photo], files: [invoice, voice] })];
        expect(filesToRead(history).map((f) => f.key)).toEqual(['media:65463453', 'media:1234567890']);
      });

      it('names each media; a read one follows as an image or file part, an unreadable one says why', () => {
        const data = new Uint8Array([255, 216, 255]);
        const message = item('user', '[image]', { images: [photo], files: [invoice, voice] });
        const read: ReadFiles = new Map<string, Uint8Array | { unreadable: string }>([
          ['media:65463453', data],
          ['media:1234567890', { unreadable: 'it is 12 bytes, more than the 10 bytes read for the model' }],
        ]);
        expect(turnMessages(agent, [message], null, 10_000, {}, read)[1]!.content).toEqual([
          { type: 'text', text: '[image]' },
          { type: 'text', text: '[image (image/jpeg) sent by the customer]' },
          { type: 'image', image: data, mediaType: 'image/jpeg' },
          {
            type: 'text',
            text: '[file f.pdf (application/pdf) sent by the customer; it could not be read: it is 12 bytes, more than the 10 bytes read for the model]',
          },
          { type: 'text', text: '[audio (audio/ogg; codecs=opus) sent by the customer]' },
        ]);
        const plain = turnMessages({ ...agent, enableFileAttachments: false }, [message], null, 10_000, {}, read)[1]!;
        expect(JSON.stringify(plain.content)).not.toMatch(/"type":"image"|could not be read|undefined/);
      });
    });
  });
});
