import { z } from 'zod';
// The one place the console reads the server's code: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { agentUpdateSchema, assistRulesUpdateSchema, guardrailsUpdateSchema } from '@platica/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DEFAULT_UNKNOWN_ANSWER as SERVER_DEFAULT_UNKNOWN_ANSWER } from '../../agents/src/runtime/knowledge-answers';
import { AGENT_BOUNDS, AGENT_ENUMS, DEFAULT_UNKNOWN_ANSWER } from './agent-bounds';

type Json = { [key: string]: any };
const jsonSchema = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'input' }) as Json;
/** One branch of a union such as `string | null` or `string | string[]`. */
const text = (field: Json): Json => field.anyOf?.find((branch: Json) => branch.type === 'string') ?? field;
const list = (field: Json): Json => field.anyOf?.find((branch: Json) => branch.type === 'array') ?? field;
const object = (field: Json): Json => field.anyOf?.find((branch: Json) => branch.type === 'object') ?? field;
const length = (field: Json) => ({ min: field.minLength, max: field.maxLength });
const range = (field: Json) => ({ min: field.minimum, max: field.maximum });

describe('the console’s agent bounds', () => {
  const agent = jsonSchema(agentUpdateSchema).properties;
  const support = agent.supportInformation.properties;
  const day = object(support.serviceHours).additionalProperties.properties;
  const working = agent.workingMessage.properties;
  const guardrails = jsonSchema(guardrailsUpdateSchema).properties;
  const assist = jsonSchema(assistRulesUpdateSchema).properties;

  it('are the server’s lengths, counts and ranges', () => {
    expect({
      name: length(agent.name),
      channel: length(agent.channel),
      channelId: length(list(agent.channelId).items),
      imageUrl: { max: agent.imageUrl.maxLength },
      supportAddress: { max: text(support.supportAddress).maxLength },
      supportPhone: { max: text(support.supportPhone).maxLength },
      availability: { max: day.availability.maxLength },
      minToolCalls: range(working.trigger.properties.minToolCalls),
      toolNames: { maxItems: working.trigger.properties.toolNames.maxItems, max: working.trigger.properties.toolNames.items.maxLength },
      fixedText: { max: working.message.properties.fixedText.maxLength },
      aiPrompt: { max: working.message.properties.aiPrompt.maxLength },
      owners: { maxItems: agent.owners.maxItems },
      assistanceTriggers: { max: agent.assistanceTriggers.maxLength },
      waitMessage: { max: agent.waitMessage.maxLength },
      guardrailRules: { maxItems: guardrails.rules.maxItems, max: guardrails.rules.items.maxLength },
      guardrailMessage: { max: guardrails.message.maxLength },
      strikeThreshold: range(guardrails.conversationStrikeThreshold),
      unknownAnswerMessage: { max: agent.unknownAnswerMessage.maxLength },
    }).toEqual({
      name: AGENT_BOUNDS.name,
      channel: AGENT_BOUNDS.channel,
      channelId: AGENT_BOUNDS.channelId,
      imageUrl: AGENT_BOUNDS.imageUrl,
      supportAddress: AGENT_BOUNDS.supportAddress,
      supportPhone: AGENT_BOUNDS.supportPhone,
      availability: AGENT_BOUNDS.availability,
      minToolCalls: AGENT_BOUNDS.minToolCalls,
      toolNames: AGENT_BOUNDS.toolNames,
      fixedText: AGENT_BOUNDS.fixedText,
      aiPrompt: AGENT_BOUNDS.aiPrompt,
      owners: AGENT_BOUNDS.owners,
      assistanceTriggers: AGENT_BOUNDS.assistanceTriggers,
      waitMessage: AGENT_BOUNDS.waitMessage,
      guardrailRules: AGENT_BOUNDS.guardrailRules,
      guardrailMessage: AGENT_BOUNDS.guardrailMessage,
      strikeThreshold: AGENT_BOUNDS.strikeThreshold,
      unknownAnswerMessage: AGENT_BOUNDS.unknownAnswerMessage,
    });
    // The same bounds wherever the server repeats a field.
    expect(range(guardrails.clientStrikeThreshold)).toEqual(AGENT_BOUNDS.strikeThreshold);
    expect({ assistanceTriggers: assist.assistanceTriggers.maxLength, waitMessage: assist.waitMessage.maxLength }).toEqual({
      assistanceTriggers: AGENT_BOUNDS.assistanceTriggers.max,
      waitMessage: AGENT_BOUNDS.waitMessage.max,
    });
  });

  it('are the server’s patterns', () => {
    expect(list(agent.phoneNumber).items.pattern).toBe(AGENT_BOUNDS.phoneNumber.source);
    expect(day.start.pattern).toBe(AGENT_BOUNDS.clock.source);
    expect(day.end.pattern).toBe(AGENT_BOUNDS.clock.source);
    expect(text(support.supportEmail).pattern).toBe(AGENT_BOUNDS.email.source);
    expect(agent.owners.items.pattern).toBe(AGENT_BOUNDS.email.source);
    // JSON Schema's patterns carry no flags: the server's time pattern ignores case.
    expect(
      agentUpdateSchema.safeParse({
        supportInformation: { serviceHours: { monday: { start: '8:00AM', end: '5:00pm', availability: 'x' } } },
      }).success,
    ).toBe(true);
  });

  it('show the sentence the server says for an empty unknownAnswerMessage', () => {
    expect(DEFAULT_UNKNOWN_ANSWER).toBe(SERVER_DEFAULT_UNKNOWN_ANSWER);
  });

  it('are the server’s enumerations', () => {
    expect({
      status: agent.status.enum,
      weekday: object(support.serviceHours).propertyNames.enum,
      triggerType: working.trigger.properties.type.enum,
      match: working.trigger.properties.match.enum,
      mode: working.message.properties.mode.enum,
    }).toEqual(AGENT_ENUMS);
  });
});
