/** A message of the conversation as its detail shows it (docs/console.md › owner). */
export interface ShownMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  status: string;
  owner: { id: string; type: string } | null;
}

/** Who wrote a line of the exchange, as the drafting model reads it. */
export type Speaker = 'Customer' | 'Agent (AI)' | 'Person';

export interface PersonExchange {
  /** The person's last message of their part: one proposal at most per exchange. */
  exchangeKey: string;
  /** The person (user id) who answered last. */
  answeredBy: string;
  /** The customer's and the person's messages of the exchange. */
  messageIds: string[];
  /** What the model reads: the exchange with a little of what led to it, oldest first. */
  transcript: { speaker: Speaker; text: string }[];
}

/** Messages before the person's part the model also reads (the question is often asked before the agent asked for a person). */
const LEAD_IN = 6;

/**
 * The latest exchange a person had with the customer, from the conversation's messages (oldest
 * first): the run of customer and person messages (the runtime's notes skipped) that ends with
 * the person's last message (with the customer's question before the agent's replies when the run
 * holds none), and up to LEAD_IN messages before it for the model. Only a person signed in
 * (`owner.type` `user`) counts: an API key's sends are an integration's, not a person's answer.
 * None when no person wrote.
 */
export function latestPersonExchange(messages: ShownMessage[]): PersonExchange | null {
  const shown = messages.filter((m) => m.role !== 'system' && m.owner?.type !== 'system' && m.status !== 'failed' && m.content.trim());
  const last = shown.findLastIndex(isPerson);
  if (last < 0) return null;
  let first = last;
  while (first > 0 && (isPerson(shown[first - 1]!) || isCustomer(shown[first - 1]!))) first -= 1;
  // No customer message in the run: the question was asked before the agent's replies (it could not answer, or asked for a person).
  const asked = shown.slice(0, first).findLastIndex(isCustomer);
  let question = asked;
  while (question > 0 && isCustomer(shown[question - 1]!)) question -= 1;
  const run = shown.slice(first, last + 1);
  const exchange = run.some(isCustomer) || asked < 0 ? run : [...shown.slice(question, asked + 1), ...run];
  const window = shown.slice(Math.max(0, first - LEAD_IN), last + 1);
  return {
    exchangeKey: shown[last]!.id,
    answeredBy: shown[last]!.owner!.id,
    messageIds: exchange.map((m) => m.id),
    transcript: window.map((m) => ({ speaker: speakerOf(m), text: m.content.trim() })),
  };
}

function isPerson(message: ShownMessage): boolean {
  return message.role === 'assistant' && message.owner?.type === 'user';
}

function isCustomer(message: ShownMessage): boolean {
  return message.role === 'user';
}

function speakerOf(message: ShownMessage): Speaker {
  if (isCustomer(message)) return 'Customer';
  return isPerson(message) ? 'Person' : 'Agent (AI)';
}
