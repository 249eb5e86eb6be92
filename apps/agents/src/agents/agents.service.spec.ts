import { internalOperations, workspaceOperations } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService } from '@platica/testing/test-service';
import type { Agent } from './agent.entity';
import { AgentRepository } from './agent.repository';
import { AgentsService } from './agents.service';
import { PromptActivationGate } from './prompt-activation-gate';

const CHANNELS = internalOperations.messaging.channelsDescribe.subject;
const MEMBERS = workspaceOperations.members.subject;

const stored = { id: 'agt_1', workspaceId: 'ws_1', requireEvaluation: true, activePromptId: 'prm_1' } as Agent;

/**
 * The agents service over an agent in memory, messaging knowing channel `ch_1` (number
 * 51999000111), the gateway knowing one member, and a gate refusing prompts without a passing
 * evaluation when the agent requires one.
 */
function world() {
  const updates: unknown[] = [];
  const versions: unknown[] = [];
  const gated: { requireEvaluation: boolean; promptId: string | null }[] = [];
  const built = newTestService(
    AgentsService,
    fake(AgentRepository, {
      get: async () => stored,
      update: async (_ws: string, _id: string, change: object) => {
        updates.push(change);
        return { ...stored, ...change } as Agent;
      },
      createVersion: async (_ws: string, _id: string, systemPrompt: string, note: string | null, activate: boolean) => {
        versions.push({ systemPrompt, note, activate });
        return { agent: { ...stored, activePromptId: activate ? 'prm_2' : 'prm_1' } as Agent, version: { id: 'prm_2' } } as never;
      },
      activateVersion: async (_ws: string, _id: string, promptId: string) => ({ ...stored, activePromptId: promptId }) as Agent,
    }),
    fake(PromptActivationGate, {
      requirePassingEvaluation: async (agent: Pick<Agent, 'requireEvaluation'>, promptId: string | null) => {
        gated.push({ requireEvaluation: agent.requireEvaluation, promptId });
        if (agent.requireEvaluation) throw new DomainError(ErrorCode.Conflict, 'run an evaluation of the prompt first');
      },
    }),
  );
  built.rpc
    .answer(CHANNELS, (body) => ({
      channels: (body as { refs: string[] }).refs.map((ref) =>
        ref === 'ch_1' || ref === '51999000111' ? { id: 'ch_1', phoneNumber: '51999000111' } : null,
      ),
    }))
    .answer(MEMBERS, () => ({ emails: ['ana@example.com'] }));
  return { service: built.service, rpc: built.rpc, updates, versions, gated };
}

const auth = { principal: 'user:u1', workspaces: [{ id: 'ws_1', name: 'One' }] };
const updateOf = (body: object) => ({ auth, workspaceId: 'ws_1', params: { agentId: 'agt_1' }, body }) as never;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).toBody();
}

describe('AgentsService.update', () => {
  it('refuses a change of nothing but its base, writing nothing', async () => {
    const w = world();
    expect(await refusal(w.service.update(updateOf({ expectedLastUpdate: '2026-01-01T00:00:00Z' })))).toMatchObject({ code: 400 });
    expect(w.updates).toEqual([]);
  });

  it('refuses owners who are not users of the workspace, naming each', async () => {
    const w = world();
    const body = await refusal(w.service.update(updateOf({ owners: ['ANA@example.com', 'eve@example.com'] })));
    expect(body).toMatchObject({ code: 400, details: [{ path: ['owners', 1] }] });
    expect(w.updates).toEqual([]);
  });

  it("refuses channels and numbers of no channel of the workspace, naming each by its place, a number's '+' ignored", async () => {
    const w = world();
    const body = await refusal(w.service.update(updateOf({ channelId: ['ch_1', 'ch_other'], phoneNumber: ['+51999000111', '+1555'] })));
    expect(body.details).toEqual([
      expect.objectContaining({ path: ['channelId', 1] }),
      expect.objectContaining({ path: ['phoneNumber', 1], message: expect.stringContaining('+1555') as unknown }),
    ]);
    expect(w.rpc.bodiesTo(CHANNELS)).toEqual([{ refs: ['ch_1', 'ch_other', '51999000111', '1555'] }]);
    expect(w.updates).toEqual([]);
  });

  it('writes a change of known channels and members, asking nothing else', async () => {
    const w = world();
    const answer = await w.service.update(updateOf({ name: 'Sofía', channelId: ['ch_1'], owners: ['ana@example.com'] }));
    expect(answer).toEqual({ status: 'success', message: 'Agent updated', data: { id: 'agt_1' } });
    expect(w.updates).toEqual([{ name: 'Sofía', channelId: ['ch_1'], owners: ['ana@example.com'] }]);
    expect(w.gated).toEqual([]);
  });

  it('refuses a new prompt while the agent requires an evaluation, unless the same change lifts the requirement', async () => {
    const w = world();
    expect(await refusal(w.service.update(updateOf({ systemPrompt: 'Nuevo' })))).toMatchObject({ code: 409 });
    expect(w.updates).toEqual([]);
    await w.service.update(updateOf({ systemPrompt: 'Nuevo', requireEvaluation: false }));
    expect(w.gated).toEqual([
      { requireEvaluation: true, promptId: null },
      { requireEvaluation: false, promptId: null },
    ]);
    expect(w.updates).toEqual([{ systemPrompt: 'Nuevo', requireEvaluation: false }]);
  });
});

describe('AgentsService prompt versions', () => {
  const request = (body: object) => ({ auth, workspaceId: 'ws_1', params: { agentId: 'agt_1' }, body }) as never;

  it('creates a version without activating it, past the evaluation gate', async () => {
    const w = world();
    const answer = await w.service.createPrompt(request({ systemPrompt: 'B', activate: false }));
    expect(answer).toMatchObject({ status: 201, body: { message: 'Prompt version created (not activated)', data: { promptId: 'prm_2' } } });
    expect(w.gated).toEqual([]);
    expect(w.versions).toEqual([{ systemPrompt: 'B', note: null, activate: false }]);
  });

  it('refuses to create and activate a version at once while the agent requires an evaluation', async () => {
    const w = world();
    expect(await refusal(w.service.createPrompt(request({ systemPrompt: 'B', activate: true })))).toMatchObject({ code: 409 });
    expect(w.versions).toEqual([]);
  });

  it('asks the gate about the very version to activate', async () => {
    const w = world();
    await expect(w.service.activatePrompt(request({ promptId: 'prm_9' }))).rejects.toThrow('run an evaluation');
    expect(w.gated).toEqual([{ requireEvaluation: true, promptId: 'prm_9' }]);
  });
});
