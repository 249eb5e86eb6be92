import { DomainError, ErrorCode } from '@platica/errors';
import { loadConfig, baseConfigSchema, type ServiceConfig } from '@platica/platform';
import { agentsConfigSchema, AgentsConfigService } from '../config/agents.config';
import type { ModelCallSlotRepository } from './model-call-slot.repository';
import { ModelCallSlots } from './model-call-slots.workflows';

/** A model call outside a turn (a reply draft, a proposal's drafting) in a slot of its workspace's bound. */
describe('ModelCallSlots.within', () => {
  const setUp = (answers: boolean[]) => {
    const asked: string[] = [];
    const released: string[] = [];
    const repository = {
      take: (request: { holder: string; workflowId: string; answerAwaited?: boolean }) => {
        asked.push(`${request.holder}|${request.workflowId}|${request.answerAwaited}`);
        return Promise.resolve({ held: answers.shift() ?? false, told: [], nextInLine: false });
      },
      release: (holder: string) => {
        released.push(holder);
        return Promise.resolve([]);
      },
    } as unknown as ModelCallSlotRepository;
    const config = { values: loadConfig(baseConfigSchema, {}) } as ServiceConfig;
    const slots = new ModelCallSlots(config, new AgentsConfigService(loadConfig(agentsConfigSchema, {})), repository);
    return { slots, asked, released };
  };

  it('asks again until its slot is granted, runs the call in it, then frees it', async () => {
    const { slots, asked, released } = setUp([false, false, true]);
    const order: string[] = [];
    const answer = await slots.within({ workspaceId: 'ws_1', holder: 'reply-draft:rd_1', answerAwaited: true }, 10_000, () => {
      order.push(`ran after ${asked.length} asks`);
      return Promise.resolve('drafted');
    });
    expect(answer).toBe('drafted');
    expect(order).toEqual(['ran after 3 asks']);
    // No workflow to signal: a grant is found by asking again; a person waits for it, so it asks ahead of the turns.
    expect(asked).toEqual(Array.from({ length: 3 }, () => 'reply-draft:rd_1||true'));
    expect(released).toEqual(['reply-draft:rd_1']);
  });

  it('frees the slot when the call fails', async () => {
    const { slots, released } = setUp([true]);
    await expect(
      slots.within({ workspaceId: 'ws_1', holder: 'h' }, 1_000, () => Promise.reject(new Error('provider down'))),
    ).rejects.toThrow('provider down');
    expect(released).toEqual(['h']);
  });

  it('gives up its place past its wait, unavailable, without calling the model', async () => {
    const { slots, released } = setUp([]);
    let called = false;
    const failure = await slots
      .within({ workspaceId: 'ws_1', holder: 'h' }, 600, () => {
        called = true;
        return Promise.resolve();
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe(ErrorCode.Unavailable);
    expect(called).toBe(false);
    expect(released).toEqual(['h']);
  });
});

/** A turn's model call frees its slot while its reply goes on; the service's shutdown waits for the release. */
describe('ModelCallSlots.releaseAfter', () => {
  it('returns before the release commits, and shutdown waits for it', async () => {
    let commit = () => undefined as void;
    const released: string[] = [];
    const repository = {
      release: (holder: string) =>
        new Promise((resolve) => {
          commit = () => {
            released.push(holder);
            resolve([]);
          };
        }),
    } as unknown as ModelCallSlotRepository;
    const config = { values: loadConfig(baseConfigSchema, {}) } as ServiceConfig;
    const slots = new ModelCallSlots(config, new AgentsConfigService(loadConfig(agentsConfigSchema, {})), repository);

    slots.releaseAfter('wf/run/t1/0');
    expect(released).toEqual([]);
    let shutDown = false;
    const shutdown = slots.beforeApplicationShutdown().then(() => (shutDown = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutDown).toBe(false);
    commit();
    await shutdown;
    expect(released).toEqual(['wf/run/t1/0']);
  });
});
