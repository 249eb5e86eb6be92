import { DomainError } from '@platica/errors';
import type { Person } from '../conversations/workspace-people';

/** `@ana@example.com` in a note's text: the emails after an `@`, lowercased, without trailing punctuation. */
export function mentionedEmails(text: string): string[] {
  const found = text.matchAll(/(?:^|[\s(])@([^\s@()]+@[^\s@()]+)/g);
  return [...new Set([...found].map((match) => match[1]!.replace(/[.,;:!?]+$/, '').toLowerCase()))];
}

/**
 * The people a note mentions, by user id: each of `mentions` (an id or an email) must be a person
 * of the workspace (400 naming the item otherwise); an `@email` of the text that is nobody's is
 * plain text.
 */
export function resolveMentions(text: string, mentions: readonly string[], people: readonly Person[]): string[] {
  const byKey = new Map(people.flatMap((person) => [[person.id, person.id] as const, [person.email.toLowerCase(), person.id] as const]));
  const issues = mentions.flatMap((mention, index) =>
    byKey.has(mention) || byKey.has(mention.toLowerCase())
      ? []
      : [{ path: ['mentions', index], message: 'is not a person of the workspace (a user id or email)' }],
  );
  if (issues.length) throw DomainError.validation(issues);
  const ids = [
    ...mentions.map((mention) => byKey.get(mention) ?? byKey.get(mention.toLowerCase())),
    ...mentionedEmails(text).map((email) => byKey.get(email)),
  ];
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}
