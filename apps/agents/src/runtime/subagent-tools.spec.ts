import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import { completeDelegationTool, slugOf, subagentTools } from './subagent-tools';

const connection = (fields: Partial<SubagentConnection>) =>
  ({
    subagentId: 'agt_1',
    name: 'Billing',
    task: 'assist',
    description: '',
    delegationCriteria: '',
    completionCriteria: '',
    ...fields,
  }) as SubagentConnection;

describe('sub-agent tools', () => {
  it('slugs connection names', () => {
    expect(slugOf('Asesor de Envíos 24/7')).toBe('asesor_de_envios_24_7');
    expect(slugOf('¡!')).toBe('agent');
  });

  it('offers consult_<slug> for assist and delegate_to_<slug> for delegate, described by the connection, unique names', () => {
    const tools = subagentTools([
      connection({ subagentId: 'a', name: 'Billing', description: 'Invoices' }),
      connection({ subagentId: 'b', name: 'Envíos', task: 'delegate', delegationCriteria: 'Parcels' }),
      connection({ subagentId: 'c', name: 'billing' }),
    ]);
    expect(tools.map((t) => [t.name, t.toolId])).toEqual([
      ['consult_billing', 'subagent:consult:a'],
      ['delegate_to_envios', 'subagent:delegate:b'],
      ['consult_billing_2', 'subagent:consult:c'],
    ]);
    expect(tools[0].description).toContain('Invoices');
    expect(tools[1].description).toContain('Parcels');
    expect(tools[0].parameters).toMatchObject({ required: ['question'] });
    expect(tools[1].parameters).toMatchObject({ required: ['reason'] });
    expect(completeDelegationTool('When found')).toMatchObject({
      name: 'complete_delegation',
      description: expect.stringContaining('When found'),
    });
  });
});
