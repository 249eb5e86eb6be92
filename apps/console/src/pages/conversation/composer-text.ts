/**
 * What the composer does to its text (docs/console.md › Notes, Canned replies): a canned reply's
 * variables filled from the conversation's contact and the person replying; the `/shortcut` or
 * `@mention` being typed at the caret found, so what is picked replaces it.
 */
export type VariableValues = {
  contact: { firstname?: string | null; lastname?: string | null; name?: string | null; email?: string | null; phone?: string | null };
  agent: { name?: string | null };
};

/** The variables a canned reply may hold (docs/sending-messages.md › Canned replies). */
const VARIABLES = { contact: ['firstname', 'lastname', 'name', 'email', 'phone'], agent: ['name'] };

/** The variables as written in a canned reply, for the page that manages them to list. */
export const VARIABLE_NAMES = Object.entries(VARIABLES).flatMap(([scope, fields]) => fields.map((field) => `{{${scope}.${field}}}`));

/** `{{contact.firstname}}` and the like replaced by their values (empty when unknown); an unknown variable stays as written. */
export function fillVariables(text: string, values: VariableValues): string {
  return text.replace(/\{\{\s*(contact|agent)\.(\w+)\s*\}\}/g, (whole, scope: 'contact' | 'agent', field: string) => {
    if (!VARIABLES[scope].includes(field)) return whole;
    const known: Record<string, string | null | undefined> = values[scope];
    return known[field] ?? '';
  });
}

/** The contact's values: the name, else first and last name; the first name, else the name's first word. */
export function contactValues(contact: VariableValues['contact']): VariableValues['contact'] {
  const name = contact.name || [contact.firstname, contact.lastname].filter(Boolean).join(' ') || null;
  return { ...contact, name, firstname: contact.firstname || name?.split(/\s+/)[0] || null };
}

/** The `/word` ending at `caret` (at the start of the text or after a space), or null when none is being typed. */
export function slashAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The `@name` ending at `caret` (at the start of the text or after a space), or null when no mention is being typed. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** `text` with what was typed from `start` to `caret` (a `/shortcut`, an `@name`) replaced by `inserted`; and where the caret goes after it. */
export function replaceTyped(text: string, start: number, caret: number, inserted: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}
