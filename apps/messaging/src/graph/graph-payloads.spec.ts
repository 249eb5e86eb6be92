import { messengerMessages, pageMessages, PLATICA_ECHO_METADATA, whatsappMessage } from './graph-payloads';

describe('Graph API payloads', () => {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '5215551234567' };

  it('maps every content type to the WhatsApp Cloud API format', () => {
    expect(whatsappMessage('5215551234567', { type: 'text', text: 'Hola' })).toEqual({
      ...base,
      type: 'text',
      text: { preview_url: false, body: 'Hola' },
    });
    expect(whatsappMessage('5215551234567', { type: 'image', url: 'https://x.test/a.png' })).toEqual({
      ...base,
      type: 'image',
      image: { link: 'https://x.test/a.png' },
    });
    expect(whatsappMessage('5215551234567', { type: 'file', url: 'https://x.test/f.pdf', filename: 'f.pdf' })).toEqual({
      ...base,
      type: 'document',
      document: { link: 'https://x.test/f.pdf', filename: 'f.pdf' },
    });
    // A scheduled send's id rides along, for Meta to echo in its status webhooks.
    expect(whatsappMessage('5215551234567', { type: 'text', text: 'Hola' }, 'msg_1')).toEqual({
      ...base,
      biz_opaque_callback_data: 'msg_1',
      type: 'text',
      text: { preview_url: false, body: 'Hola' },
    });
    expect(whatsappMessage('5215551234567', { type: 'sticker', url: 'https://x.test/s.webp' })).toEqual({
      ...base,
      type: 'sticker',
      sticker: { link: 'https://x.test/s.webp' },
    });
    expect(whatsappMessage('5215551234567', { type: 'audio', url: 'https://x.test/a.ogg' })).toEqual({
      ...base,
      type: 'audio',
      audio: { link: 'https://x.test/a.ogg' },
    });
  });

  it('builds reply buttons, lists and flows', () => {
    const buttons = whatsappMessage('1', {
      type: 'interactive',
      interactive: { type: 'button', body: { text: '¿Sí?' }, action: { buttons: [{ id: 'y', title: 'Sí' }] } },
    });
    expect(buttons.interactive).toEqual({
      type: 'button',
      body: { text: '¿Sí?' },
      action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Sí' } }] },
    });
    const list = whatsappMessage('1', {
      type: 'interactive',
      interactive: { type: 'list', body: { text: 'x' }, action: { button: 'Ver', sections: [{ rows: [{ id: 'a', title: 'A' }] }] } },
    });
    expect(list.interactive).toEqual({
      type: 'list',
      body: { text: 'x' },
      action: { button: 'Ver', sections: [{ rows: [{ id: 'a', title: 'A' }] }] },
    });
    const flow = whatsappMessage('1', {
      type: 'interactive',
      flowToken: 'flt_1',
      interactive: { type: 'flow', body: { text: 'x' }, action: { parameters: { flow_name: 'agenda', flow_cta: 'Go' } } },
    });
    expect((flow.interactive as any).action).toEqual({
      name: 'flow',
      parameters: { flow_message_version: '3', flow_token: 'flt_1', flow_cta: 'Go', flow_name: 'agenda' },
    });
  });

  it('sends Messenger / Instagram attachments with the caption as a following text', () => {
    expect(pageMessages('psid', { type: 'text', text: 'hola' })).toEqual([
      { recipient: { id: 'psid' }, messaging_type: 'RESPONSE', message: { text: 'hola' } },
    ]);
    const [attachment, caption] = pageMessages('psid', { type: 'file', url: 'https://x.test/f.pdf', caption: 'factura' });
    expect(attachment!.message).toEqual({ attachment: { type: 'file', payload: { url: 'https://x.test/f.pdf', is_reusable: true } } });
    expect(caption!.message).toEqual({ text: 'factura' });
    expect(pageMessages('psid', { type: 'sticker', url: 'https://x.test/s.webp' }).map((m) => m.message)).toEqual([
      { attachment: { type: 'image', payload: { url: 'https://x.test/s.webp', is_reusable: true } } },
    ]);
    expect(() =>
      pageMessages('psid', { type: 'interactive', interactive: { type: 'button', body: { text: 'x' }, action: { buttons: [] } } }),
    ).toThrow();
  });

  it("tags each Messenger message as Plática's (metadata returned in its echo), Instagram's not", () => {
    expect(messengerMessages('psid', { type: 'image', url: 'https://x.test/i.png', caption: 'mira' }).map((m) => m.message)).toEqual([
      { attachment: { type: 'image', payload: { url: 'https://x.test/i.png', is_reusable: true } }, metadata: PLATICA_ECHO_METADATA },
      { text: 'mira', metadata: PLATICA_ECHO_METADATA },
    ]);
    expect(pageMessages('igsid', { type: 'text', text: 'hola' })[0]!.message).not.toHaveProperty('metadata');
  });
});
