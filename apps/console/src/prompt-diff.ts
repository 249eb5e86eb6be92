import { diffLines } from 'diff';

/** One side of a row: its line number in that version, the text, and whether it changed. */
export interface DiffCell {
  line: number;
  text: string;
  changed: boolean;
}

/** A row of the side-by-side view: the older version's line on the left, the newer's on the right. */
export interface DiffRow {
  left: DiffCell | null;
  right: DiffCell | null;
}

/**
 * Two prompt versions as side-by-side rows (jsdiff's line diff): unchanged lines face each
 * other, a run of removed lines faces the run of added lines that replaced it, and the rest
 * face an empty cell.
 */
export function sideBySide(older: string, newer: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let leftLine = 0;
  let rightLine = 0;
  let removed: DiffCell[] = [];
  const flushRemoved = (added: DiffCell[]) => {
    const count = Math.max(removed.length, added.length);
    for (let i = 0; i < count; i++) rows.push({ left: removed[i] ?? null, right: added[i] ?? null });
    removed = [];
  };
  // Compared line by line with a final newline on both: jsdiff would otherwise see a last line
  // without one as changed when the other version goes on after it.
  const withFinalNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  for (const part of diffLines(withFinalNewline(older), withFinalNewline(newer))) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.removed) {
      removed.push(...lines.map((text) => ({ line: ++leftLine, text, changed: true })));
    } else if (part.added) {
      flushRemoved(lines.map((text) => ({ line: ++rightLine, text, changed: true })));
    } else {
      flushRemoved([]);
      for (const text of lines)
        rows.push({ left: { line: ++leftLine, text, changed: false }, right: { line: ++rightLine, text, changed: false } });
    }
  }
  flushRemoved([]);
  return rows;
}
