const PREFIX_FORMAT = /^([A-Za-z0-9_-]+\.)?$/;

/**
 * The deployment's NATS subject for a contract subject: PLATICA_NATS_PREFIX + subject.
 * Read from the environment (not the loaded config) because handler decorators need it at
 * import time; the config schema validates the same variable at start-up.
 */
export function natsSubject(subject: string): string {
  const prefix = process.env.PLATICA_NATS_PREFIX ?? '';
  if (!PREFIX_FORMAT.test(prefix)) throw new Error(`PLATICA_NATS_PREFIX "${prefix}" must be empty or a token followed by a dot`);
  return `${prefix}${subject}`;
}

/** The contract subject of a deployment's NATS subject (the prefix removed): bounded metric labels. */
export function unprefixedSubject(subject: string): string {
  const prefix = process.env.PLATICA_NATS_PREFIX ?? '';
  return prefix && subject.startsWith(prefix) ? subject.slice(prefix.length) : subject;
}
