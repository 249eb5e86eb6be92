import type { FieldIssue } from './domain-error';

/**
 * Text Plática stores must be storable everywhere: PostgreSQL refuses NUL in text and in
 * jsonb, and a lone UTF-16 surrogate cannot be encoded as UTF-8 (jsonb refuses its escape,
 * a text column silently gets U+FFFD). Every string of a request, and every key, is checked
 * once at the edge with this walker, so no service meets such text.
 */
export function textIssuesOf(value: unknown, path: (string | number)[] = []): FieldIssue[] {
  const issues: FieldIssue[] = [];
  walk(value, path, issues);
  return issues;
}

function walk(value: unknown, path: (string | number)[], issues: FieldIssue[]): void {
  if (typeof value === 'string') {
    const problem = textProblemOf(value);
    if (problem) issues.push({ path, message: problem });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, [...path, index], issues));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblemOf(key);
      if (keyProblem) issues.push({ path: [...path, key], message: `the field name ${keyProblem}` });
      walk(item, [...path, key], issues);
    }
  }
}

// With the u flag a surrogate pair is one code point, so only unpaired halves match.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a string cannot be stored, or null. */
export function textProblemOf(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate';
  return null;
}

/**
 * The deepest nesting of arrays and objects in a JSON text, measured without parsing (so
 * a hostile document is refused before anything recurses over it). Stops counting once
 * past `stopAbove`. Brackets inside strings are skipped; the text need not be valid JSON.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}
