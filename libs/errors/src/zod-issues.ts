import type { z } from 'zod';
import { DomainError, type FieldIssue } from './domain-error';

/** Turns zod's issues into the spec's `details` items, naming every failing field. */
export function fieldIssuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
    // An unknown key (a strict object's) is the field at fault: one detail each, its path naming it.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], message: `unknown field "${key}"` }));
    return [{ path, message: issue.message }];
  });
}

/** Parses `input` with `schema`, or throws a 400 DomainError naming the fields at fault. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message = 'Validation failed'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw DomainError.validation(fieldIssuesOf(result.error), message);
  return result.data;
}
