import { operationChange } from './takeovers';

const now = new Date('2026-11-28T22:00:00Z');
const agent = { operation: 'automatic' as const, operationChangedBy: null };
const waiting = { operation: 'assistance' as const, operationChangedBy: null };
const ana = { operation: 'assistance' as const, operationChangedBy: 'usr_ana' };

describe('one owner of the customer at a time (operationChange)', () => {
  it('gives a conversation the agent answers, or one waiting for a person, to whoever takes it', () => {
    const taken = { operation: 'assistance', operationChangedBy: 'usr_ana', operationChangedAt: now };
    expect(operationChange(agent, { operation: 'assistance', actorId: 'usr_ana' }, now)).toEqual(taken);
    expect(operationChange(waiting, { operation: 'assistance', actorId: 'usr_ana' }, now)).toEqual(taken);
  });

  it('changes nothing when the person who has it takes it again', () => {
    expect(operationChange(ana, { operation: 'assistance', actorId: 'usr_ana' }, now)).toBeNull();
  });

  it("refuses another person's conversation, naming who has it, unless takeFrom names them", () => {
    expect(operationChange(ana, { operation: 'assistance', actorId: 'usr_beto' }, now)).toEqual({ taken: 'usr_ana' });
    expect(operationChange(ana, { operation: 'assistance', actorId: 'usr_beto', takeFrom: 'usr_carla' }, now)).toEqual({
      taken: 'usr_ana',
    });
    expect(operationChange(ana, { operation: 'assistance', actorId: 'usr_beto', takeFrom: 'usr_ana' }, now)).toEqual({
      operation: 'assistance',
      operationChangedBy: 'usr_beto',
      operationChangedAt: now,
    });
  });

  it('hands back to the agent, recording who did; a conversation the agent answers stays as it is', () => {
    expect(operationChange(ana, { operation: 'automatic', actorId: 'usr_beto' }, now)).toEqual({
      operation: 'automatic',
      operationChangedBy: 'usr_beto',
      operationChangedAt: now,
    });
    expect(operationChange(agent, { operation: 'automatic', actorId: 'usr_beto' }, now)).toBeNull();
  });
});
