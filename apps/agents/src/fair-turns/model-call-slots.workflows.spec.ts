import type { ServiceConfig } from '@platica/platform';
import type { AgentsConfigService } from '../config/agents.config';
import type { GrantedSlot, ModelCallSlotRepository, SlotTaken } from './model-call-slot.repository';
import { ModelCallSlots } from './model-call-slots.workflows';

const call = { holder: 'wf-1/run/turn/0', workspaceId: 'ws-a', workflowId: 'wf-1' };
const grantOf = (holder: string, workflowId: string): GrantedSlot => ({ holder, workflowId });

/**
 * A call next in line waits in its process for a slot freed there: the release hands it over
 * without a signal through Temporal (the round trip a granted slot would otherwise sit idle for).
 */
function slotsWith(repository: Partial<ModelCallSlotRepository>) {
  const signalled: string[] = [];
  const config = { values: { PLATICA_TASK_QUEUE_PREFIX: 't-' } } as unknown as ServiceConfig;
  const agentsConfig = {
    values: {
      PLATICA_MODEL_CALLS_PER_WORKSPACE: 8,
      PLATICA_MODEL_CALLS_IN_FLIGHT: 32,
      PLATICA_TURN_DEBOUNCE_MS: 300,
      PLATICA_TURN_RETRY_SCALE: 1,
    },
  } as unknown as AgentsConfigService;
  const slots = new ModelCallSlots(config, agentsConfig, repository as ModelCallSlotRepository);
  const client = {
    workflow: { getHandle: (workflowId: string) => ({ signal: async () => void signalled.push(workflowId) }) },
  };
  (slots as unknown as { temporal: () => unknown }).temporal = () => client;
  return { slots, signalled };
}
const queued = (nextInLine: boolean): SlotTaken => ({ held: false, told: [], nextInLine });

describe('ModelCallSlots', () => {
  afterEach(() => jest.useRealTimers());

  it('gives a call next in line a slot freed in this process at once, without signalling its turn', async () => {
    const { slots, signalled } = slotsWith({
      take: async () => queued(true),
      release: async () => [grantOf(call.holder, call.workflowId)],
    });
    const taking = slots.take(call);
    await new Promise((resolve) => setImmediate(resolve));
    await slots.release('wf-0/run/turn/0');
    await expect(taking).resolves.toBe(true);
    expect(signalled).toEqual([]);
  });

  it('keeps a grant made here between the call’s transaction and its wait', async () => {
    const { slots, signalled } = slotsWith({
      take: async () => {
        await slots.release('wf-0/run/turn/0');
        return queued(true);
      },
      release: async () => [grantOf(call.holder, call.workflowId)],
    });
    await expect(slots.take(call)).resolves.toBe(true);
    expect(signalled).toEqual([]);
  });

  it('signals a call moved next in line to ask again, unless it waits here already: that is no grant', async () => {
    let notices = 0;
    const { slots, signalled } = slotsWith({
      take: async () => queued(true),
      release: async () => (notices++ === 0 ? [{ ...grantOf(call.holder, call.workflowId), nextInLine: true as const }] : []),
    });
    jest.useFakeTimers();
    const taking = slots.take(call);
    await jest.advanceTimersByTimeAsync(0);
    await slots.release('wf-0/run/turn/0');
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(taking).resolves.toBe(false);
    expect(signalled).toEqual([]);
    const { slots: elsewhere, signalled: told } = slotsWith({
      release: async () => [{ ...grantOf(call.holder, call.workflowId), nextInLine: true as const }],
    });
    await elsewhere.release('wf-0/run/turn/0');
    expect(told).toEqual(['wf-1']);
  });

  it('answers a call further back queued at once, and signals its turn when its slot comes', async () => {
    const { slots, signalled } = slotsWith({
      take: async () => queued(false),
      release: async () => [grantOf(call.holder, call.workflowId)],
    });
    await expect(slots.take(call)).resolves.toBe(false);
    await slots.release('wf-0/run/turn/0');
    expect(signalled).toEqual(['wf-1']);
  });

  it('answers a call next in line queued when no slot is freed here within its wait; a later grant is signalled', async () => {
    jest.useFakeTimers();
    const { slots, signalled } = slotsWith({
      take: async () => queued(true),
      release: async () => [grantOf(call.holder, call.workflowId)],
    });
    const taking = slots.take(call);
    await jest.advanceTimersByTimeAsync(4_900);
    let answered: boolean | undefined;
    void taking.then((held) => (answered = held));
    await jest.advanceTimersByTimeAsync(0);
    expect(answered).toBeUndefined();
    await jest.advanceTimersByTimeAsync(200);
    expect(answered).toBe(false);
    await slots.release('wf-0/run/turn/0');
    expect(signalled).toEqual(['wf-1']);
  });
});
