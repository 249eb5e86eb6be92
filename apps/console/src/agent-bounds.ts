/**
 * The API's bounds on an agent's settings, guardrails and assist rules (spec › Agent,
 * workingMessage, Guardrails, Assist rules, Limits) as the server validates them
 * (libs/contracts/src/agents.ts). The console may not import the server's code, so this is a
 * copy; agent-bounds.spec.ts fails when the two disagree.
 */
export const AGENT_BOUNDS = {
  name: { min: 1, max: 100 },
  channel: { min: 1, max: 50 },
  /** Each channel id. */
  channelId: { min: 1, max: 100 },
  phoneNumber: /^\+?\d{8,15}$/,
  imageUrl: { max: 2000 },
  supportAddress: { max: 500 },
  supportPhone: { max: 50 },
  /** Service hours: a time such as `8:00am`. */
  clock: /^(1[0-2]|0?[1-9]):[0-5]\d\s?(am|pm)$/i,
  availability: { max: 50 },
  minToolCalls: { min: 1, max: 10 },
  toolNames: { maxItems: 50, max: 200 },
  fixedText: { max: 1000 },
  aiPrompt: { max: 2000 },
  owners: { maxItems: 50 },
  assistanceTriggers: { max: 650 },
  waitMessage: { max: 500 },
  guardrailRules: { maxItems: 20, max: 1000 },
  guardrailMessage: { max: 500 },
  strikeThreshold: { min: 1, max: 10 },
  unknownAnswerMessage: { max: 500 },
  /** The server's test of an email address (zod's, written as its source so the test can compare them), for owners and the support email. */
  email: new RegExp(String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`),
} as const;

/** What the agent says when it answers only from knowledge and no passage answers, with an empty `unknownAnswerMessage` (apps/agents' DEFAULT_UNKNOWN_ANSWER). */
export const DEFAULT_UNKNOWN_ANSWER = "I'm sorry, I don't have that information.";

/** The API's enumerations for the same fields. */
export const AGENT_ENUMS = {
  status: ['active', 'inactive'],
  weekday: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  triggerType: ['toolCallCount', 'toolName', 'any'],
  match: ['exact', 'prefix'],
  mode: ['fixed', 'ai'],
} as const;

export type Weekday = (typeof AGENT_ENUMS.weekday)[number];
