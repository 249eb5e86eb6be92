import { isUtf8 } from 'node:buffer';
import { Parser } from 'htmlparser2';
import type { KnowledgeFileType } from '@platica/contracts';

/** A heading or a paragraph of a document, in reading order. */
export type TextBlock = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

export interface ExtractedDocument {
  /** The document's own title (HTML `<title>`, the first `#` heading), when it has one. */
  title: string | null;
  blocks: TextBlock[];
  /** HTML only: the `href`s of its links, as written (resolved by the crawler). */
  links: string[];
}

/** The content is not a document of a type we read, or could not be read: the source's `error`. */
export class UnreadableDocument extends Error {}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/**
 * The file's type by its content, never its name: `%PDF-` and a ZIP holding `word/document.xml`
 * by their magic bytes; otherwise it must be UTF-8 text, HTML when it opens like HTML, Markdown
 * when it has Markdown's headings or links, plain text else. Null: not a type we read.
 */
export function detectFileType(bytes: Buffer): KnowledgeFileType | null {
  // PDF readers accept a header anywhere in the first kilobyte.
  if (bytes.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return bytes.includes('word/document.xml', 0, 'latin1') ? 'docx' : null;
  const head = bytes.subarray(0, 64 * 1024);
  if (!isUtf8(head.subarray(0, lastCharBoundary(head)))) return null;
  if (head.includes(0)) return null;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text)) return 'html';
  if (/^#{1,6} \S/m.test(text) || /\[[^\]]+\]\([^)]+\)/.test(text) || /^(```|[-*] \S)/m.test(text)) return 'markdown';
  return 'text';
}

/** Where the last whole UTF-8 character of a cut buffer ends. */
function lastCharBoundary(bytes: Buffer): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const width = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return width > back ? end - back : end;
  }
  return end;
}

export async function extractDocument(bytes: Buffer, type: KnowledgeFileType): Promise<ExtractedDocument> {
  switch (type) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'html':
      return extractHtml(bytes.toString('utf8'));
    case 'markdown':
      return extractMarkdown(bytes.toString('utf8'));
    case 'text':
      return { title: null, blocks: paragraphsOf(bytes.toString('utf8')), links: [] };
  }
}

/** Markdown: `#` headings (ATX) open sections; everything else is paragraphs, separated by blank lines. */
export function extractMarkdown(markdown: string): ExtractedDocument {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = paragraph.join('\n').trim();
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const line of markdown.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (!fenced && !line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  const first = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  return { title: first?.text ?? null, blocks, links: [] };
}

function paragraphsOf(text: string): TextBlock[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ kind: 'paragraph', text: part }));
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'footer', 'iframe', 'head']);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'ul',
  'ol',
  'table',
  'tr',
  'br',
  'pre',
  'blockquote',
  'dd',
  'dt',
  'header',
  'aside',
  'form',
]);
const HEADING = /^h([1-6])$/;

/** HTML: `h1`-`h6` open sections, block elements end paragraphs; scripts, styles, navigation and footers are left out. */
export function extractHtml(html: string): ExtractedDocument {
  const blocks: TextBlock[] = [];
  const links: string[] = [];
  let title: string | null = null;
  let inTitle = false;
  let skipDepth = 0;
  let heading: number | null = null;
  let text = '';
  const flush = () => {
    const clean = text
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim();
    if (clean)
      blocks.push(heading ? { kind: 'heading', level: heading, text: clean.replace(/\n/g, ' ') } : { kind: 'paragraph', text: clean });
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (SKIPPED.has(name)) skipDepth++;
        if (skipDepth) return;
        if (name === 'a' && attributes.href) links.push(attributes.href);
        const level = HEADING.exec(name);
        if (level) {
          flush();
          heading = Number(level[1]);
        } else if (BLOCK.has(name)) {
          if (name === 'br' || name === 'li') text += '\n';
          else flush();
        }
      },
      ontext(data) {
        if (inTitle) title = `${title ?? ''}${data}`;
        else if (!skipDepth) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIPPED.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth) return;
        if (HEADING.test(name)) {
          flush();
          heading = null;
        } else if (BLOCK.has(name) && name !== 'br' && name !== 'li') {
          flush();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  const cleanTitle = (title as string | null)?.replace(/\s+/g, ' ').trim() || null;
  const h1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  return { title: cleanTitle ?? h1?.text ?? null, blocks, links };
}

async function extractDocx(bytes: Buffer): Promise<ExtractedDocument> {
  const mammoth = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (error) {
    throw new UnreadableDocument(`the DOCX could not be read (${(error as Error).message.split('\n')[0]})`);
  }
  return extractHtml(html);
}

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
}

/** PDF: the text of each page; a page break ends a paragraph. Encrypted and malformed files are refused by name. */
async function extractPdf(bytes: Buffer): Promise<ExtractedDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as Error).name;
    if (name === 'PasswordException')
      throw new UnreadableDocument('the PDF is encrypted (password protected): upload it without a password');
    throw new UnreadableDocument(`the PDF could not be read: it is damaged or not a PDF (${(error as Error).message})`);
  }
  try {
    const blocks: TextBlock[] = [];
    let title: string | null = null;
    try {
      const { info } = (await document.getMetadata()) as { info?: { Title?: unknown } };
      if (typeof info?.Title === 'string' && info.Title.trim()) title = info.Title.trim();
    } catch {
      // A PDF without readable metadata still has its text.
    }
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = (content.items as PdfTextItem[]).map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join('');
      blocks.push(...paragraphsOf(text.replace(/[ \t]+/g, ' ')));
      page.cleanup();
    }
    if (!blocks.length) throw new UnreadableDocument('the PDF has no text (a scanned PDF needs text recognition first)');
    return { title, blocks, links: [] };
  } finally {
    await task.destroy();
  }
}
