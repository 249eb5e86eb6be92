import { ApiError } from '../../api/client';

/**
 * The API's 400 `details` (`[{path, message}]`) by field path, joined with dots (`owners.1`,
 * `template.params`), so a form shows each message beside its field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const details = (error.body as { details?: unknown }).details;
  if (!Array.isArray(details)) return {};
  const byField: Record<string, string> = {};
  for (const item of details as { path?: unknown; message?: unknown }[]) {
    if (!Array.isArray(item.path) || typeof item.message !== 'string') continue;
    const key = item.path.join('.');
    byField[key] = byField[key] ? `${byField[key]}; ${item.message}` : item.message;
  }
  return byField;
}
