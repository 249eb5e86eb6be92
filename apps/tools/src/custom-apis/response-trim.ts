import type { CustomApiResponse } from '@platica/contracts';
import { capBytes } from '../shared/byte-cap';
import { CallProblem } from './request-assembly';

/**
 * What of a remote answer reaches the model (spec › Custom API `response`): the fragment at
 * `path` (everything when it is missing, unless `strictPath`), only the `include` fields or
 * all but the `exclude` ones, and at most `maxBytes` of it (then as cut text).
 */
export function trimResponse(text: string, contentType: string | undefined, config: CustomApiResponse): unknown {
  let value: unknown = parseBody(text, contentType);
  if (config.path) {
    const found = valueAt(value, config.path);
    if (found === undefined) {
      if (config.strictPath) throw new CallProblem('mapping-error', `the answer has nothing at "${config.path}"`);
    } else value = found;
  }
  if (config.include?.length) value = mapObjects(value, (object) => pick(object, config.include!));
  if (config.exclude?.length) value = mapObjects(value, (object) => omit(object, config.exclude!));
  return capBytes(value, config.maxBytes);
}

/** JSON when it parses as JSON (whatever the content type claims), else the text. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `data.items`, `data.items.0.id` or `data.items[0].id`. */
export function valueAt(value: unknown, path: string): unknown {
  const segments = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  let current = value;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) return undefined;
  }
  return current;
}

function mapObjects(value: unknown, change: (object: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, change));
  if (value && typeof value === 'object') return change(value as Record<string, unknown>);
  return value;
}

function pick(object: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in object).map((field) => [field, object[field]]));
}

function omit(object: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([field]) => !fields.includes(field)));
}
