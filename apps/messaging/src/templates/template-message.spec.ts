import { buildTemplateSend, variableCount } from './template-message';

const welcome = {
  name: 'welcome',
  language: 'es_MX',
  body: 'Hola {{1}}, tu pedido {{2}} está listo',
  header: { type: 'image' as const },
  buttons: [{ type: 'url' as const, text: 'Ver pedido', url: 'https://acme.test/o/{{1}}' }],
};

describe('template sends', () => {
  it('counts the body and text header placeholders', () => {
    expect(variableCount(welcome)).toBe(2);
    expect(variableCount({ ...welcome, header: { type: 'text', text: 'Hola {{1}}' } })).toBe(3);
    expect(variableCount({ ...welcome, body: 'Sin variables', header: null })).toBe(0);
  });

  it('builds header, body and button components and the text the customer reads', () => {
    const { send, text } = buildTemplateSend(welcome, {
      name: 'welcome',
      params: ['Ana', 'A-1'],
      file: 'https://cdn.example.com/w.png',
      buttons: [{ index: 0, parameters: [{ type: 'text', text: 'A-1' }] }],
    });
    expect(text).toBe('Hola Ana, tu pedido A-1 está listo');
    expect(send.components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/w.png' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'A-1' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A-1' }] },
    ]);
  });

  it('names every mismatch with the template', () => {
    try {
      buildTemplateSend(welcome, {
        name: 'welcome',
        params: ['Ana'],
        type: 'video',
        buttons: [{ index: 2, parameters: [{ type: 'text', text: 'x' }] }],
      });
      throw new Error('expected a validation error');
    } catch (error: any) {
      expect(error.status).toBe(400);
      expect(error.details.map((d: any) => d.path.join('.'))).toEqual([
        'template.params',
        'template.file',
        'template.type',
        'template.buttons.0.index',
      ]);
    }
  });
});
