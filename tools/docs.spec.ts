import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The README stays the front door, and it and docs/ link to each other by relative paths and
 * #anchors: a moved file or a renamed heading fails here rather than leaving a reader at a dead link.
 */
const root = path.resolve(__dirname, '..');
const pages = [
  'README.md',
  'bench/README.md',
  'deploy/README.md',
  ...readdirSync(path.join(root, 'docs')).map((file) => `docs/${file}`),
].filter((page) => page.endsWith('.md'));

/** The text outside code fences and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]{1,2}(?=\S)|(?<=\S)[`*_]{1,2}/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a page: `[text](target)`, skipping absolute URLs. */
function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('links between the README and docs/', () => {
  it('cover the pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/operations.md', 'bench/README.md']));
  });

  it.each(pages)('%s: every relative link reaches a file, and every #anchor a heading there', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(readFileSync(path.join(root, page), 'utf8'))) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const file = target === '' ? path.join(root, page) : path.resolve(path.dirname(path.join(root, page)), decodeURI(target));
      if (!existsSync(file)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`${link}: no heading with that anchor`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('anchors headings as GitHub does', () => {
    expect([...anchorsOf("## Connecting an MCP client (`/mcp`)\n### The image's size\n## Kubernetes (kustomize)\n## A\n## A\n")]).toEqual([
      'connecting-an-mcp-client-mcp',
      'the-images-size',
      'kubernetes-kustomize',
      'a',
      'a-1',
    ]);
  });
});

describe('the README', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

  it('is a front door: short, with no dated run (results live in bench/README.md, guides in docs/)', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
  });

  it('keeps the two commands CI and the scripts run', () => {
    expect(readme).toMatch(/^scripts\/up\s/m);
    expect(readme).toMatch(/^scripts\/test\s/m);
  });
});
