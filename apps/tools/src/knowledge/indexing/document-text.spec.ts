import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkBlocks } from './chunking';
import { detectFileType, extractDocument, extractHtml, extractMarkdown, UnreadableDocument } from './document-text';

/** Documents nobody here wrote (apps/tools/e2e/fixtures/knowledge/README.md says where each comes from). */
const fixtures = path.resolve(__dirname, '../../../e2e/fixtures/knowledge');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const mammothData = path.dirname(require.resolve('mammoth/package.json'));

describe('knowledge documents', () => {
  it('tells types by content, not by name', () => {
    expect(detectFileType(fixture('shared-mime-info-spec.pdf'))).toBe('pdf');
    expect(detectFileType(readFileSync(path.join(mammothData, 'test/test-data/simple-list.docx')))).toBe('docx');
    expect(detectFileType(readFileSync(path.join(mammothData, 'test/test-data/hello.zip')))).toBeNull();
    expect(detectFileType(fixture('users-and-groups.html'))).toBe('html');
    expect(detectFileType(Buffer.from('# Envíos\n\nEnviamos a todo el país.'))).toBe('markdown');
    expect(detectFileType(Buffer.from('Horario: de 9 a 18.'))).toBe('text');
    expect(detectFileType(readFileSync(path.join(mammothData, 'test/test-data/tiny-picture.png')))).toBeNull();
  });

  it('reads a PDF’s text, page by page', async () => {
    const document = await extractDocument(fixture('shared-mime-info-spec.pdf'), 'pdf');
    const text = document.blocks.map((block) => block.text).join('\n');
    expect(text).toMatch(/Shared MIME-info Database/);
    expect(text).toMatch(/magic/);
  });

  it('refuses an encrypted PDF and a damaged one by name', async () => {
    await expect(extractDocument(fixture('shared-mime-info-spec.encrypted.pdf'), 'pdf')).rejects.toThrow(
      new UnreadableDocument('the PDF is encrypted (password protected): upload it without a password'),
    );
    await expect(extractDocument(fixture('shared-mime-info-spec.truncated.pdf'), 'pdf')).rejects.toThrow(UnreadableDocument);
    await expect(extractDocument(Buffer.from('%PDF-1.4\nnothing else'), 'pdf')).rejects.toThrow(/could not be read|no text/);
  });

  it('reads a DOCX through its HTML', async () => {
    const document = await extractDocument(readFileSync(path.join(mammothData, 'test/test-data/simple-list.docx')), 'docx');
    expect(document.blocks.map((block) => block.text).join('\n')).toMatch(/Apple/);
  });

  it('reads HTML headings, paragraphs and links, leaving scripts and navigation out', () => {
    const document = extractHtml(fixture('libffi-manual/Closure-Example.html').toString('utf8'));
    expect(document.title).toMatch(/Closure Example/);
    expect(document.blocks.find((block) => block.kind === 'heading')).toMatchObject({ text: expect.stringMatching(/Closure Example/) });
    expect(document.links).toContain('The-Closure-API.html');
    const withScript = extractHtml(
      '<html><head><title>T</title><script>var x = 1</script></head><body><nav>Menú</nav><h1>Hola</h1><p>Texto</p></body></html>',
    );
    expect(withScript.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Hola' },
      { kind: 'paragraph', text: 'Texto' },
    ]);
  });

  it('chunks by headings with their title path, then by size', () => {
    const { blocks } = extractMarkdown(
      ['# Tienda', 'Intro.', '## Envíos', 'Enviamos en 48 horas.', '### Plazos', 'Islas: 5 días.', '## Pagos', 'x'.repeat(5000)].join(
        '\n\n',
      ),
    );
    const chunks = chunkBlocks(blocks, 'Guía');
    expect(chunks.slice(0, 3)).toEqual([
      { titlePath: ['Guía', 'Tienda'], text: 'Intro.' },
      { titlePath: ['Guía', 'Tienda', 'Envíos'], text: 'Enviamos en 48 horas.' },
      { titlePath: ['Guía', 'Tienda', 'Envíos', 'Plazos'], text: 'Islas: 5 días.' },
    ]);
    const payments = chunks.filter((chunk) => chunk.titlePath.at(-1) === 'Pagos');
    expect(payments.length).toBeGreaterThan(2);
    expect(payments.every((chunk) => chunk.text.length <= 1_800)).toBe(true);
    expect(payments.map((chunk) => chunk.text).join('')).toBe('x'.repeat(5000));
  });
});
