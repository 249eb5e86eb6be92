import type { TextBlock } from './document-text';

export interface Chunk {
  /** The headings above the chunk, outermost first (the document's title first when it has one). */
  titlePath: string[];
  text: string;
}

/** Characters a chunk aims at: a few paragraphs, small enough that five fit a model's context with room to spare. */
export const CHUNK_TARGET_CHARS = 1_200;
/** A paragraph longer than this is cut at sentence (else word) boundaries. */
const CHUNK_MAX_CHARS = 1_800;

/**
 * Chunks by headings, then by size: a heading closes the chunk under way and becomes part of
 * the title path of what follows; paragraphs join until the target size; a paragraph over the
 * maximum is split. The title path is what makes a chunk findable out of context ("Envíos ›
 * Plazos") and is searched with its text.
 */
export function chunkBlocks(blocks: TextBlock[], documentTitle: string | null): Chunk[] {
  const chunks: Chunk[] = [];
  const headings: { level: number; text: string }[] = [];
  let parts: string[] = [];
  let size = 0;
  const path = () => {
    const titles = headings.map((heading) => heading.text);
    return documentTitle && titles[0] !== documentTitle ? [documentTitle, ...titles] : titles;
  };
  const flush = () => {
    if (parts.length) chunks.push({ titlePath: path(), text: parts.join('\n\n') });
    parts = [];
    size = 0;
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      flush();
      while (headings.length && headings[headings.length - 1]!.level >= block.level) headings.pop();
      headings.push({ level: block.level, text: block.text.slice(0, 200) });
      continue;
    }
    for (const piece of splitLong(block.text)) {
      if (size && size + piece.length > CHUNK_TARGET_CHARS) flush();
      parts.push(piece);
      size += piece.length + 2;
    }
  }
  flush();
  return chunks;
}

function splitLong(text: string): string[] {
  if (text.length <= CHUNK_MAX_CHARS) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > CHUNK_MAX_CHARS) {
    const window = rest.slice(0, CHUNK_TARGET_CHARS);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('.\n'), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const cut = sentence > CHUNK_TARGET_CHARS / 2 ? sentence + 1 : Math.max(window.lastIndexOf(' '), CHUNK_TARGET_CHARS / 2);
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
