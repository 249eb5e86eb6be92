import { ApiError } from '../api/client';
import type { Schema } from '../api/schema';

/** One item of a 400's `details`: the field at fault and what is wrong with it. */
export type FieldIssue = Extract<Schema<'Error'>['details'], unknown[]>[number];

/**
 * The field issues of an API answer: a 400's `details`, or a 409's when it names fields (a name
 * already taken); none otherwise (another 409's `details` is an object about the resource).
 */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return [];
  const details = error.details;
  return Array.isArray(details)
    ? details.filter((d): d is FieldIssue => typeof d === 'object' && d !== null && 'path' in d && Array.isArray(d.path))
    : [];
}

/** Every leaf of a form's values as react-hook-form names it (`workingMessage.trigger.type`, `rules.0.text`). */
export function fieldNamesOf(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) => fieldNamesOf(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * The form field an issue's path names: the longest prefix of the path that is a field or leads
 * to one (`['owners', 2]` → `owners`, a list edited as lines; `['rules', 3]` → `rules.3.text`).
 */
export function fieldOfIssue(path: FieldIssue['path'], fields: string[]): string | undefined {
  for (let end = path.length; end > 0; end--) {
    const name = path.slice(0, end).join('.');
    const field = fields.find((f) => f === name || f.startsWith(`${name}.`));
    if (field) return field;
  }
  return undefined;
}

/**
 * A 400's messages by field path, joined with dots (`owners.1`, `template.params`), for forms
 * whose fields are not react-hook-form's; several messages for one field are joined with `; `.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of fieldIssuesOf(error)) {
    const key = issue.path.join('.');
    byField[key] = byField[key] ? `${byField[key]}; ${issue.message}` : issue.message;
  }
  return byField;
}
