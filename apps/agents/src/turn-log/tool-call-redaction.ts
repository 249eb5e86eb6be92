/** The longest tool result the turn log shows (its JSON text): enough to see what the tool answered. */
export const SHOWN_RESULT_CHARS = 2_000;

/**
 * Names whose values are credentials, never shown: a password (also `passwd`, `passkey`,
 * `passphrase`, `pwd`, a name ending in `pass`), a token, a key, a card's number. Not any name
 * holding "pass": a knowledge search's `passages` are what the log is read for.
 */
const SECRET_NAME =
  /passw(or)?d|passkey|passphrase|pass$|pwd|secret|token|api[-_]?key|authori[sz]ation|cookie|credential|card[-_]?number|cvv|cvc|pin$/i;
const REDACTED = '[redacted]';

/** The value with every field under a secret-looking name replaced by `[redacted]`, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, SECRET_NAME.test(name) ? REDACTED : redactSecrets(field)]));
}

/**
 * What the turn log shows of a call (docs/agents.md › Turn log): the model's arguments and the
 * tool's result as the model read it (JSON text, cut at SHOWN_RESULT_CHARS), secrets redacted;
 * null where nothing was recorded (a result too long to keep, or a call recorded before these were).
 */
export function shownToolCall(recorded: { input?: Record<string, unknown>; output?: unknown }): {
  arguments: Record<string, unknown> | null;
  result: string | null;
} {
  const args = recorded.input === undefined ? null : (redactSecrets(recorded.input) as Record<string, unknown>);
  if (recorded.output === undefined) return { arguments: args, result: null };
  const redacted = redactSecrets(recorded.output);
  const text = typeof redacted === 'string' ? redacted : JSON.stringify(redacted ?? null);
  return { arguments: args, result: text.length > SHOWN_RESULT_CHARS ? `${text.slice(0, SHOWN_RESULT_CHARS - 1)}…` : text };
}
