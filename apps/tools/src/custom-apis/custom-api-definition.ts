import { isSensitiveName, REDACTED, type CreateCustomApi, type CustomApiVariable, type KeyValue } from '@platica/contracts';
import type { FieldIssue } from '@platica/errors';

/** A custom API's definition as stored and read: everything but name and description, write-only values redacted. */
export type StoredDefinition = Omit<CreateCustomApi, 'name' | 'description'>;

/** The write-only values of one definition, keyed by where each belongs (`request.auth.token`, `variables.<name>`…). */
export type Secrets = Record<string, unknown>;

/**
 * Every write-only slot of a definition, with how to read and write it: authentication,
 * sensitive headers and params, constant variables, the encryptPayload key, and the
 * periodicAuth body and sensitive headers.
 */
function secretSlots(definition: StoredDefinition): { slot: string; get: () => unknown; set: (value: unknown) => void }[] {
  const slots: { slot: string; get: () => unknown; set: (value: unknown) => void }[] = [];
  const { auth } = definition.request;
  if (auth.type === 'bearer') slots.push({ slot: 'request.auth.token', get: () => auth.token, set: (v) => (auth.token = v as string) });
  if (auth.type === 'basic')
    slots.push({ slot: 'request.auth.password', get: () => auth.password, set: (v) => (auth.password = v as string) });
  if (auth.type === 'apikey') slots.push({ slot: 'request.auth.value', get: () => auth.value, set: (v) => (auth.value = v as string) });
  const pairs = (prefix: string, list: KeyValue[]) => {
    const seen = new Map<string, number>();
    for (const pair of list) {
      if (!isSensitiveName(pair.key)) continue;
      const key = pair.key.toLowerCase();
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      slots.push({
        slot: `${prefix}.${key}${count > 1 ? `#${count}` : ''}`,
        get: () => pair.value,
        set: (v) => (pair.value = v as string),
      });
    }
  };
  pairs('request.headers', definition.request.headers);
  pairs('request.params', definition.request.params);
  for (const variable of definition.variables) {
    if (variable.mode !== 'constant') continue;
    slots.push({ slot: `variables.${variable.name}`, get: () => variable.constantValue, set: (v) => (variable.constantValue = v) });
  }
  const { encryptPayload, periodicAuth } = definition;
  if (encryptPayload)
    slots.push({ slot: 'encryptPayload.key', get: () => encryptPayload.key, set: (v) => (encryptPayload.key = v as string) });
  if (periodicAuth) {
    if (periodicAuth.body !== undefined)
      slots.push({ slot: 'periodicAuth.body', get: () => periodicAuth.body, set: (v) => (periodicAuth.body = v as string) });
    pairs('periodicAuth.headers', periodicAuth.headers);
  }
  return slots;
}

/** The definition with every write-only value replaced by `[REDACTED]`, and those values. */
export function splitSecrets(full: StoredDefinition): { redacted: StoredDefinition; secrets: Secrets } {
  const redacted = structuredClone(full);
  const secrets: Secrets = {};
  for (const slot of secretSlots(redacted)) {
    secrets[slot.slot] = slot.get();
    slot.set(REDACTED);
  }
  return { redacted, secrets };
}

/** The definition with the stored values put back where `[REDACTED]` stands (for calling the API). */
export function withSecrets(redacted: StoredDefinition, secrets: Secrets): StoredDefinition {
  const full = structuredClone(redacted);
  for (const slot of secretSlots(full)) if (slot.slot in secrets) slot.set(secrets[slot.slot]);
  return full;
}

/**
 * Rule 1 of PATCH: `[REDACTED]` sent back for a write-only value keeps the stored one (a new
 * value replaces it). Answers the issues for `[REDACTED]` where nothing is stored.
 */
export function keepRedacted(incoming: StoredDefinition, stored: Secrets): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const slot of secretSlots(incoming)) {
    if (slot.get() !== REDACTED) continue;
    if (slot.slot in stored) slot.set(stored[slot.slot]);
    else issues.push({ path: slot.slot.split('.'), message: `${REDACTED} keeps a stored value, and none is stored here` });
  }
  return issues;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\}\}/g;

/** The names of every `{{placeholder}}` in a text. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

export { PLACEHOLDER };

/** Every text of the definition that may hold placeholders, with where it is. */
function templatedTexts(definition: StoredDefinition): { path: (string | number)[]; text: string }[] {
  const texts: { path: (string | number)[]; text: string }[] = [{ path: ['request', 'url'], text: definition.request.url }];
  const { request } = definition;
  request.params.forEach((p, i) => texts.push({ path: ['request', 'params', i, 'value'], text: p.value }));
  request.headers.forEach((h, i) => texts.push({ path: ['request', 'headers', i, 'value'], text: h.value }));
  if (request.body.mode === 'json' || request.body.mode === 'text') {
    const raw = request.body.raw;
    texts.push({ path: ['request', 'body', 'raw'], text: typeof raw === 'string' ? raw : JSON.stringify(raw) });
  }
  if (request.body.mode === 'form-urlencoded')
    request.body.pairs.forEach((p, i) => texts.push({ path: ['request', 'body', 'pairs', i, 'value'], text: p.value }));
  if (request.auth.type === 'bearer') texts.push({ path: ['request', 'auth', 'token'], text: request.auth.token });
  if (request.auth.type === 'basic') {
    texts.push({ path: ['request', 'auth', 'username'], text: request.auth.username });
    texts.push({ path: ['request', 'auth', 'password'], text: request.auth.password });
  }
  if (request.auth.type === 'apikey') texts.push({ path: ['request', 'auth', 'value'], text: request.auth.value });
  return texts;
}

/**
 * Rule 5: what enabling requires beyond the shape create and PATCH already check: a
 * description on every model-facing variable, every placeholder naming a variable (or a
 * `ctx.` field when the API passes context), and only constants in the URL's origin.
 */
export function enableIssues(definition: StoredDefinition): FieldIssue[] {
  const issues: FieldIssue[] = [];
  definition.variables.forEach((variable, index) => {
    if (variable.mode === 'ai' && !variable.description?.trim())
      issues.push({
        path: ['variables', index, 'description'],
        message: `the model-facing variable "${variable.name}" needs a description`,
      });
  });
  const names = new Set(definition.variables.map((v) => v.name));
  for (const { path, text } of templatedTexts(definition)) {
    for (const name of placeholdersIn(text)) {
      if (names.has(name)) continue;
      if (name.startsWith('ctx.') && definition.passContext && (CONTEXT_NAMES as readonly string[]).includes(name.slice(4))) continue;
      issues.push({ path, message: `{{${name}}} names no variable` });
    }
  }
  issues.push(...originIssues(definition));
  return issues;
}

/**
 * Where the origin (`scheme://userinfo@host:port`) of a URL template ends: what a value there
 * would decide is where the request, and the stored secrets with it, go.
 */
export function originEndOf(template: string): number {
  const afterScheme = template.indexOf('://');
  const from = afterScheme >= 0 ? afterScheme + 3 : 0;
  const end = template.slice(from).search(/[/?#]/);
  return end < 0 ? template.length : from + end;
}

/**
 * The placeholders that decide the URL's scheme, userinfo, host or port yet are no `constant`
 * variable: a value the model or the conversation supplies could send the request, and the
 * stored secrets with it, anywhere. Each named as the variable it is (or the URL, for `ctx.`).
 */
export function originIssues(definition: StoredDefinition): FieldIssue[] {
  const { url } = definition.request;
  const issues: FieldIssue[] = [];
  for (const name of new Set(placeholdersIn(url.slice(0, originEndOf(url))))) {
    const index = definition.variables.findIndex((v) => v.name === name);
    const variable = definition.variables[index];
    if (variable?.mode === 'constant') continue;
    issues.push({
      path: variable ? ['variables', index, 'mode'] : ['request', 'url'],
      message: `{{${name}}} decides the URL's scheme, host or port: only a constant variable may (values are allowed in the path and query)`,
    });
  }
  return issues;
}

/** The origin the request goes to: the URL template with its (constant) origin values put in; null when it is not a URL. */
export function originOf(definition: StoredDefinition): string | null {
  const { url } = definition.request;
  const constants = new Map(definition.variables.filter((v) => v.mode === 'constant').map((v) => [v.name, v.constantValue]));
  const head = url.slice(0, originEndOf(url)).replace(PLACEHOLDER, (match, name: string) => {
    const value = constants.get(name);
    return value === undefined || value === null ? match : typeof value === 'string' ? value : JSON.stringify(value);
  });
  try {
    return new URL(head).origin;
  } catch {
    return null;
  }
}

/** Where the periodicAuth token request goes; null without one. */
function periodicAuthOriginOf(definition: StoredDefinition): string | null {
  if (!definition.periodicAuth) return null;
  try {
    return new URL(definition.periodicAuth.url).origin;
  } catch {
    return null;
  }
}

/**
 * A stored secret goes only to the origin it was saved with (the request's: its authentication,
 * sensitive headers and params, constant variables; the token request's: its body and sensitive
 * headers). A change that moves either origin must send that origin's secrets again: each one it
 * keeps (`[REDACTED]`, or the constants of variables it leaves out) is an issue naming it.
 */
export function secretsKeptAcrossOrigins(
  before: StoredDefinition,
  merged: StoredDefinition,
  options: { variablesOmitted: boolean },
): FieldIssue[] {
  const kept = secretSlots(merged)
    .filter((slot) => slot.get() === REDACTED)
    .map((slot) => slot.slot);
  if (options.variablesOmitted) kept.push(...before.variables.filter((v) => v.mode === 'constant').map((v) => `variables.${v.name}`));
  const moved = (from: string | null, to: string | null, slots: string[]) =>
    from === to
      ? []
      : slots.map((slot) => ({
          path: slot.split('.'),
          message: `the origin changes (${from ?? 'none'} to ${to ?? 'none'}): send this secret again, ${REDACTED} keeps it only for the origin it was saved with`,
        }));
  return [
    ...moved(
      originOf(before),
      originOf(merged),
      kept.filter((slot) => /^(request\.(auth|headers|params)|variables)\./.test(slot)),
    ),
    ...moved(
      periodicAuthOriginOf(before),
      periodicAuthOriginOf(merged),
      kept.filter((slot) => slot.startsWith('periodicAuth.')),
    ),
  ];
}

const CONTEXT_NAMES = ['phoneNumber', 'workspaceId', 'conversationId', 'agentId', 'agentName', 'channelId', 'lastMessages'] as const;

const REFINEMENTS = ['enum', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'items', 'default'] as const;

/** The JSON Schema the model receives: the `ai` variables only, with their refinements (spec › Custom API). */
export function parametersOf(variables: CustomApiVariable[]): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const variable of variables) {
    if (variable.mode !== 'ai') continue;
    const property: Record<string, unknown> = { type: variable.type };
    if (variable.description) property.description = variable.description;
    for (const refinement of REFINEMENTS) if (variable[refinement] !== undefined) property[refinement] = variable[refinement];
    if (variable.type === 'array' && property.items === undefined) property.items = {};
    properties[variable.name] = property;
    if (variable.required) required.push(variable.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
