import { catalogNameOf, parametersOf, slugCandidate, slugOf } from './mcp-naming';
import { outputOf } from './mcp-tool-calls';

describe('MCP catalog names (mcp_<tool>_<slug>)', () => {
  it.each([
    ['Clima', 'clima'],
    ['Clima Norte 3f2a', 'clima_norte_3f2a'],
    ['  Pedidos & Envíos!  ', 'pedidos_envios'],
    ['Ñandú', 'nandu'],
    ['!!!', 'server'],
    ['A very long server name that goes on and on', 'a_very_long_server_name'],
  ])('slug of %j is %j', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
    expect(slugOf(name)).toMatch(/^[a-z0-9_]{1,24}$/);
  });

  it('numbers later slugs of the same name', () => {
    expect([1, 2, 3].map((n) => slugCandidate('clima', n))).toEqual(['clima', 'clima_2', 'clima_3']);
  });

  it('keeps the tool name, with characters a provider refuses as _', () => {
    expect(catalogNameOf('get_weather', 'clima')).toBe('mcp_get_weather_clima');
    expect(catalogNameOf('getWeather', 'clima')).toBe('mcp_getWeather_clima');
    expect(catalogNameOf('orders.search/v2', 'tienda')).toBe('mcp_orders_search_v2_tienda');
  });

  it('gives the model an object schema with properties', () => {
    expect(parametersOf({})).toEqual({ type: 'object', properties: {} });
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    expect(parametersOf(schema)).toEqual(schema);
  });
});

describe('MCP tool results as the model reads them', () => {
  it('joins text content and names other content', () => {
    expect(
      outputOf({
        content: [
          { type: 'text', text: 'uno' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
          { type: 'resource', resource: { uri: 'file:///b.txt', text: 'dos' } },
        ],
      }),
    ).toBe('uno\n[image image/png]\n[resource file:///a.txt a.txt]\ndos');
  });

  it('puts structured content beside the text, or alone', () => {
    expect(outputOf({ content: [{ type: 'text', text: 't' }], structuredContent: { a: 1 } })).toEqual({
      text: 't',
      structuredContent: { a: 1 },
    });
    expect(outputOf({ content: [], structuredContent: { a: 1 } })).toEqual({ a: 1 });
  });
});
