import { profaneWords } from '@2toad/profanity';

/**
 * The lexicon source of the guardrails: the English and Spanish lists of abusive terms
 * maintained by `@2toad/profanity`, checked on the customer's words before any model call.
 * Matching ignores case and accents and respects word boundaries (a term inside a longer
 * word is not a match); a workspace's allowed terms are left out.
 */
export const LEXICON_LANGUAGES = ['en', 'es'] as const;

/** Lower case, accents removed, inner whitespace collapsed: how terms and texts are compared. */
export function normalizeTerm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/** Terms made only of letters, digits, spaces, hyphens and apostrophes (the lists hold a few stray fragments such as "a)"). */
const usable = (term: string) => /^[\p{L}\p{N}][\p{L}\p{N} '-]*[\p{L}\p{N}]$/u.test(term);

let compiled: RegExp | null = null;

/** One expression for every term, longest first (so "hijo de puta" is reported whole). */
function lexiconPattern(): RegExp {
  if (compiled) return compiled;
  const terms = new Set<string>();
  for (const language of LEXICON_LANGUAGES) {
    for (const term of profaneWords.get(language) ?? []) {
      const normalized = normalizeTerm(term);
      if (usable(normalized)) terms.add(normalized);
    }
  }
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escape);
  compiled = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return compiled;
}

/** The lexicon's terms found in the text, each once, less the allowed ones (normalised). */
export function lexiconMatches(text: string, allowed: ReadonlySet<string> = new Set()): string[] {
  const normalized = normalizeTerm(text);
  if (!normalized) return [];
  const found = new Set<string>();
  for (const match of normalized.matchAll(lexiconPattern())) {
    const term = match[0].replace(/\s+/g, ' ');
    if (!allowed.has(term)) found.add(term);
  }
  return [...found];
}
