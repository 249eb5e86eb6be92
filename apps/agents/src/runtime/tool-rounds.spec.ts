import type { GeneratedReply, ToolCallRequest, WorkingMessageSettings } from '@platica/workflows/activities';
import { afterAnswer, roundsToBegin, workingMessageOf, workingMessageWanted } from './tool-rounds';

const working = (trigger: WorkingMessageSettings['trigger']): WorkingMessageSettings => ({
  enabled: true,
  trigger,
  message: { enabled: true, mode: 'fixed', fixedText: 'Un momento…' },
  sticker: { enabled: false },
});
const call = (name: string, toolCallId = `call_${name}`): ToolCallRequest => ({
  toolCallId,
  toolId: `tool_${name}`,
  name,
  providerName: name,
  input: {},
});
const toolCallsAnswer = (names: string[], workingMessage: WorkingMessageSettings | null): GeneratedReply => ({
  agentId: 'agt_1',
  toolCalls: names.map((name) => call(name)),
  messages: [{ role: 'assistant', content: names.join(',') }],
  context: { conversationRef: 'conv_1' },
  workingMessage,
  seenMessageIds: ['msg_1'],
});

/** The working-message trigger (spec › workingMessage): when a model call's tool rounds hand back to the workflow. */
describe('workingMessageWanted', () => {
  const afterTwo = working({ type: 'toolCallCount', minToolCalls: 2 });

  it('is due once the tools called so far meet the trigger, and only while not yet sent', () => {
    expect(workingMessageWanted(afterTwo, ['lookup'], false)).toBe(false);
    expect(workingMessageWanted(afterTwo, ['lookup', 'quote'], false)).toBe(true);
    expect(workingMessageWanted(afterTwo, ['lookup', 'quote'], true)).toBe(false);
  });

  it('matches tool names exactly or by prefix', () => {
    expect(workingMessageWanted(working({ type: 'toolName', toolNames: ['crm_'], match: 'prefix' }), ['crm_find'], false)).toBe(true);
    expect(workingMessageWanted(working({ type: 'toolName', toolNames: ['crm_'], match: 'exact' }), ['crm_find'], false)).toBe(false);
  });

  it('is never due for an agent without a working message', () => {
    expect(workingMessageWanted(null, ['lookup', 'quote'], false)).toBe(false);
    expect(workingMessageOf({ ...afterTwo, enabled: false } as never)).toBeNull();
    expect(workingMessageOf(afterTwo as never)).toBe(afterTwo);
    expect(workingMessageOf(undefined)).toBeNull();
  });
});

describe('afterAnswer', () => {
  it('runs the calls of a tool-calls answer next, counting every tool called', () => {
    const begun = roundsToBegin(undefined);
    const next = afterAnswer(begun, toolCallsAnswer(['lookup'], null), undefined, false);
    expect(next).toEqual({
      handBack: false,
      progress: {
        ran: [],
        pending: {
          agentId: 'agt_1',
          calls: [call('lookup')],
          messages: [{ role: 'assistant', content: 'lookup' }],
          context: { conversationRef: 'conv_1' },
        },
        calledNames: ['lookup'],
      },
    });
  });

  it('records the round just run and hands a text answer back with every round it ran', () => {
    const first = afterAnswer(roundsToBegin(undefined), toolCallsAnswer(['lookup'], null), undefined, false);
    if (first.handBack) throw new Error('expected another round');
    const results = [{ toolCallId: 'call_lookup', providerName: 'lookup', ok: true, output: { found: 1 } }];
    const text: GeneratedReply = { agentId: 'agt_1', text: 'Listo', seenMessageIds: ['msg_1'] };
    expect(afterAnswer(first.progress, text, results, false)).toEqual({
      handBack: true,
      ran: [{ messages: [{ role: 'assistant', content: 'lookup' }], results }],
    });
  });

  it('hands a tool-calls answer back when it makes the working message due, for the workflow to send it', () => {
    const given = roundsToBegin({ agentId: 'agt_1', calls: [call('lookup')], messages: [], context: {} });
    expect(given.calledNames).toEqual(['lookup']);
    const afterTwo = working({ type: 'toolCallCount', minToolCalls: 2 });
    expect(afterAnswer(given, toolCallsAnswer(['quote'], afterTwo), [], false)).toMatchObject({ handBack: true });
    expect(afterAnswer(given, toolCallsAnswer(['quote'], afterTwo), [], true)).toMatchObject({ handBack: false });
  });
});
