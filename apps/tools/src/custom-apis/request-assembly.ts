import { REDACTED, type CallContext, type CustomApiVariable, type KeyValue } from '@platica/contracts';
import { originEndOf, originIssues, originOf, PLACEHOLDER, type StoredDefinition } from './custom-api-definition';

/** Why a call was not made: the model's input broke the variables' schema, or the request could not be built. */
export class CallProblem extends Error {
  constructor(
    readonly outcome: 'schema-error' | 'mapping-error',
    message: string,
  ) {
    super(message);
    this.name = 'CallProblem';
  }
}

export interface AssembledRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What the request is built from: each variable's value, the model's own arguments, and the conversation. */
export interface CallValues {
  variables: Record<string, unknown>;
  /** The `ai` variables the model sent (what `mapping.bodyStrategy` merges into the body). */
  aiArguments: Record<string, unknown>;
  context: Record<string, unknown>;
}

/**
 * The value of every variable for one call (spec › Custom API, variable modes): `ai` from the
 * model's input, checked against the variable's type and refinements (a failure is a
 * `schema-error`); `constant` from the definition; `context` from the conversation.
 */
export function resolveValues(definition: StoredDefinition, input: Record<string, unknown>, context: CallContext): CallValues {
  const contextValues = contextOf(definition, context);
  const variables: Record<string, unknown> = {};
  const aiArguments: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const variable of definition.variables) {
    if (variable.mode === 'constant') variables[variable.name] = variable.constantValue;
    else if (variable.mode === 'context') variables[variable.name] = contextValues[variable.contextField!] ?? null;
    else {
      const given = input[variable.name];
      const value = given === undefined || given === null ? variable.default : given;
      if (value === undefined || value === null) {
        if (variable.required) problems.push(`${variable.name}: required`);
        continue;
      }
      const problem = valueProblem(variable, value);
      if (problem) problems.push(`${variable.name}: ${problem}`);
      variables[variable.name] = value;
      aiArguments[variable.name] = value;
    }
  }
  if (problems.length) throw new CallProblem('schema-error', `the input does not match the variables: ${problems.join('; ')}`);
  return { variables, aiArguments, context: contextValues };
}

function contextOf(definition: StoredDefinition, context: CallContext): Record<string, unknown> {
  if (!definition.passContext) return {};
  const messages = (context.messages ?? []).slice(-definition.context.lastMessagesN);
  const asText = messages.map((m) => (typeof m === 'string' ? m : `${m.role}: ${m.content}`)).join('\n');
  return {
    phoneNumber: context.phoneNumber ?? null,
    workspaceId: context.workspaceId ?? null,
    conversationId: context.conversationId ?? null,
    agentId: context.agentId ?? null,
    agentName: context.agentName ?? null,
    channelId: context.channelId ?? null,
    lastMessages: asText,
    lastMessagesList: messages.map((m) => (typeof m === 'string' ? { role: 'user', content: m } : m)),
  };
}

function valueProblem(variable: CustomApiVariable, value: unknown): string | null {
  switch (variable.type) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (variable.minLength !== undefined && value.length < variable.minLength) return `at least ${variable.minLength} characters`;
      if (variable.maxLength !== undefined && value.length > variable.maxLength) return `at most ${variable.maxLength} characters`;
      if (variable.pattern !== undefined && !new RegExp(variable.pattern, 'u').test(value)) return `must match ${variable.pattern}`;
      break;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (variable.type === 'integer' && !Number.isInteger(value)) return 'must be an integer';
      if (variable.minimum !== undefined && value < variable.minimum) return `at least ${variable.minimum}`;
      if (variable.maximum !== undefined && value > variable.maximum) return `at most ${variable.maximum}`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return 'must be true or false';
      break;
    case 'array':
      if (!Array.isArray(value)) return 'must be an array';
      break;
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return 'must be an object';
      break;
  }
  if (variable.enum && !variable.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value)))
    return `must be one of ${JSON.stringify(variable.enum)}`;
  return null;
}

/** The text a value takes inside a template. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The value a `{{name}}` stands for; a name that is no variable (nor `ctx.<field>` with passContext) is a mapping error. */
function lookup(name: string, values: CallValues, definition: StoredDefinition): unknown {
  if (name in values.variables || definition.variables.some((v) => v.name === name)) return values.variables[name];
  if (name.startsWith('ctx.') && definition.passContext && name.slice(4) in values.context) return values.context[name.slice(4)];
  throw new CallProblem('mapping-error', `{{${name}}} names no variable`);
}

function substitute(
  text: string,
  values: CallValues,
  definition: StoredDefinition,
  encode: (text: string, at: number) => string = (t) => t,
): string {
  return text.replace(PLACEHOLDER, (_match, name: string, at: number) => encode(textOf(lookup(name, values, definition)), at));
}

/** A placeholder standing alone in a JSON string (`"{{days}}"`) takes the value's JSON type; inside other text it is escaped text. */
function substituteJsonText(raw: string, values: CallValues, definition: StoredDefinition): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length;) {
    const char = raw[i]!;
    if (char === '{' && raw[i + 1] === '{') {
      PLACEHOLDER.lastIndex = i;
      const match = PLACEHOLDER.exec(raw);
      if (match && match.index === i) {
        const value = lookup(match[1]!, values, definition);
        const end = i + match[0].length;
        const alone = inString && out.endsWith('"') && raw[end] === '"' && !out.endsWith('\\"');
        if (alone) {
          out = out.slice(0, -1) + JSON.stringify(value ?? null);
          i = end + 1;
          inString = false;
        } else {
          out += inString ? JSON.stringify(textOf(value)).slice(1, -1) : JSON.stringify(value ?? null);
          i = end;
        }
        continue;
      }
    }
    if (char === '\\' && inString) {
      out += raw.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '"') inString = !inString;
    out += char;
    i += 1;
  }
  PLACEHOLDER.lastIndex = 0;
  return out;
}

/** A JSON template given as a value: a string that is one placeholder takes the value itself, other strings are substituted. */
function substituteJsonValue(template: unknown, values: CallValues, definition: StoredDefinition): unknown {
  if (typeof template === 'string') {
    const whole = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\}\}$/.exec(template);
    return whole ? (lookup(whole[1]!, values, definition) ?? null) : substitute(template, values, definition);
  }
  if (Array.isArray(template)) return template.map((item) => substituteJsonValue(item, values, definition));
  if (template && typeof template === 'object')
    return Object.fromEntries(Object.entries(template).map(([key, item]) => [key, substituteJsonValue(item, values, definition)]));
  return template;
}

const enabled = (pair: KeyValue) => pair.enabled !== false;

export interface AssembleOptions {
  /** The periodicAuth token to inject, when the API has one. */
  periodicToken?: string | null;
  /** Signs a JSON body (encryptPayload); absent: the body is shown unsigned with the field redacted. */
  sign?: (payload: unknown) => Promise<string>;
}

/**
 * The HTTP request of one call (spec › Custom API `request`): `{{variable}}` substituted in
 * the URL (URL-encoded in the path and query), params, headers, body and auth; `mapping`
 * applied to JSON and form bodies; the periodicAuth token injected; the body signed when
 * encryptPayload is on. Throws a `mapping-error` CallProblem when it cannot be built.
 */
export async function assembleRequest(
  definition: StoredDefinition,
  values: CallValues,
  options: AssembleOptions = {},
): Promise<AssembledRequest> {
  const { request, mapping } = definition;
  // Only a constant may make the scheme, host or port (taken as it is); a value in the path or query is URL-encoded.
  const refused = originIssues(definition);
  if (refused.length) throw new CallProblem('mapping-error', refused.map((issue) => issue.message).join('; '));
  const originEnd = originEndOf(request.url);
  const rawUrl = substitute(request.url, values, definition, (text, at) => (at < originEnd ? text : encodeURIComponent(text)));
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new CallProblem('mapping-error', `the URL is not valid after substitution: ${rawUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CallProblem('mapping-error', 'the URL must use http or https');
  // The stored secrets go only to the origin they were saved with, whatever the values made of the rest.
  const origin = originOf(definition);
  if (url.origin !== origin)
    throw new CallProblem(
      'mapping-error',
      `the URL's origin after substitution (${url.origin}) is not the template's (${origin ?? 'none'})`,
    );
  for (const param of request.params.filter(enabled)) url.searchParams.append(param.key, substitute(param.value, values, definition));

  const headers: Record<string, string> = {};
  const setHeader = (name: string, value: string) => {
    if (/[\r\n]/.test(value) || /[\r\n:]/.test(name)) throw new CallProblem('mapping-error', `the header ${name} would carry a line break`);
    headers[name.toLowerCase()] = value;
  };
  for (const header of request.headers.filter(enabled)) setHeader(header.key, substitute(header.value, values, definition));
  const { auth } = request;
  if (auth.type === 'bearer') setHeader('authorization', `Bearer ${substitute(auth.token, values, definition)}`);
  if (auth.type === 'basic') {
    const credentials = `${substitute(auth.username, values, definition)}:${substitute(auth.password, values, definition)}`;
    setHeader('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  }
  if (auth.type === 'apikey') {
    const value = substitute(auth.value, values, definition);
    if (auth.in === 'query') url.searchParams.set(auth.key, value);
    else setHeader(auth.key, value);
  }
  const periodic = definition.periodicAuth;
  if (periodic?.enabled && options.periodicToken !== undefined) {
    const value = `${periodic.inject.prefix}${options.periodicToken ?? ''}`;
    if (periodic.inject.in === 'query') url.searchParams.set(periodic.inject.name, value);
    else setHeader(periodic.inject.name, value);
  }

  let body: string | undefined;
  const extra = extraBodyOf(mapping.extraBody);
  const mergeArguments = mapping.bodyStrategy === 'merge' || mapping.bodyStrategy === 'replace';
  const bodyMode = request.body.mode;
  if (bodyMode === 'json' || (bodyMode === 'none' && mergeArguments && request.method !== 'GET')) {
    let template: unknown = {};
    if (request.body.mode === 'json' && mapping.bodyStrategy !== 'replace') {
      const raw = request.body.raw;
      if (typeof raw === 'string') {
        const text = substituteJsonText(raw, values, definition);
        try {
          template = text.trim() ? JSON.parse(text) : {};
        } catch {
          throw new CallProblem('mapping-error', 'the JSON body is not valid JSON after substitution');
        }
      } else template = substituteJsonValue(raw, values, definition);
    }
    let payload = template;
    if (isPlainObject(template)) payload = { ...template, ...(mergeArguments ? values.aiArguments : {}), ...extra };
    else if (mergeArguments || Object.keys(extra).length)
      throw new CallProblem('mapping-error', `bodyStrategy ${mapping.bodyStrategy} and extraBody need a JSON object body`);
    const encrypt = definition.encryptPayload;
    if (encrypt?.enabled) payload = { [encrypt.field]: options.sign ? await options.sign(payload) : REDACTED };
    body = JSON.stringify(payload);
    headers['content-type'] ??= 'application/json';
  } else if (request.body.mode === 'text') {
    body = substitute(request.body.raw, values, definition);
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (request.body.mode === 'form-urlencoded') {
    const form = new URLSearchParams();
    for (const pair of request.body.pairs.filter(enabled)) form.append(pair.key, substitute(pair.value, values, definition));
    if (mergeArguments) for (const [key, value] of Object.entries(values.aiArguments)) form.set(key, textOf(value));
    for (const [key, value] of Object.entries(extra)) form.set(key, textOf(value));
    body = form.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  return { method: request.method, url: url.toString(), headers, body };
}

function extraBodyOf(extra: StoredDefinition['mapping']['extraBody']): Record<string, unknown> {
  if (!extra) return {};
  return Array.isArray(extra) ? Object.fromEntries(extra.filter(enabled).map((pair) => [pair.key, pair.value])) : extra;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The values as reads show them: constant variables redacted (they are write-only). */
export function displayValues(definition: StoredDefinition, values: CallValues): CallValues {
  const variables = { ...values.variables };
  for (const variable of definition.variables) if (variable.mode === 'constant') variables[variable.name] = REDACTED;
  return { ...values, variables };
}
