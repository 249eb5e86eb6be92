import { toolCallRows } from './tool-call-rows';

describe('toolCallRows', () => {
  it('pairs the calls of each tool in order, marking added, removed, changed and unchanged ones', () => {
    const recorded = [
      { name: 'pedidos', arguments: { order: '123' } },
      { name: 'clima', arguments: { city: 'Lima' } },
      { name: 'viejo', arguments: {} },
    ];
    const candidate = [
      { name: 'pedidos', arguments: { order: '123' } },
      { name: 'clima', arguments: { city: 'Quito' } },
      { name: 'pedidos', arguments: { order: 'envio' } },
    ];
    expect(toolCallRows(recorded, candidate)).toEqual([
      { name: 'pedidos', recorded: { order: '123' }, candidate: { order: '123' }, difference: 'same' },
      { name: 'pedidos', recorded: undefined, candidate: { order: 'envio' }, difference: 'added' },
      { name: 'clima', recorded: { city: 'Lima' }, candidate: { city: 'Quito' }, difference: 'changed' },
      { name: 'viejo', recorded: {}, candidate: undefined, difference: 'removed' },
    ]);
  });

  it('does not compare a recorded call whose arguments were not kept', () => {
    expect(toolCallRows([{ name: 'pedidos', arguments: null }], [{ name: 'pedidos', arguments: { order: '1' } }])[0]!.difference).toBe(
      'unknown',
    );
  });
});
