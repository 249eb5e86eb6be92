import { jsonSchema, tool } from 'ai';

/** ARCHITECTURE.md › Agent runtime: the built-in tools' names are fixed (tests and integrations depend on them). */
export const REQUEST_HUMAN_ASSISTANCE = 'request_human_assistance';

/** Sent when a human is asked for and the agent has no `waitMessage`. */
export const DEFAULT_WAIT_MESSAGE = 'A member of our team will continue this conversation shortly.';

/** What the customer is told while a person is asked for: the agent's `waitMessage`, else the default. */
export function waitMessageOf(agent: { waitMessage: string }): string {
  return agent.waitMessage.trim() || DEFAULT_WAIT_MESSAGE;
}

/** `request_human_assistance {reason}`: offered when `assistanceEnabled`, described by `assistanceTriggers`. */
export function humanAssistanceTool(assistanceTriggers: string) {
  const when = assistanceTriggers.trim();
  return tool({
    description: [
      'Hand the conversation to a human of the team. The customer is told to wait, and you stop answering until a human hands it back.',
      when ? `Call it when: ${when}` : 'Call it when the customer needs a person.',
    ].join(' '),
    inputSchema: jsonSchema<{ reason: string }>({
      type: 'object',
      properties: { reason: { type: 'string', description: 'Why a human is needed, for the team' } },
      required: ['reason'],
      additionalProperties: false,
    }),
  });
}
