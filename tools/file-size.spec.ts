import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const LIMIT = 400;
const REASON = 'Over 400 lines:';

/** The comments and blank lines a file opens with, before its first line of code. */
function leadingComment(source: string): string {
  const lines: string[] = [];
  let inBlock = false;
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (inBlock || trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('/*')) {
      lines.push(line);
      inBlock = (inBlock || trimmed.startsWith('/*')) && !trimmed.includes('*/');
      continue;
    }
    break;
  }
  return lines.join('\n');
}

/** Why a source file is long, or null when it is short enough or says why it stays whole. */
function sizeProblem(source: string): string | null {
  const lines = source.split('\n').length;
  if (lines <= LIMIT || leadingComment(source).includes(REASON)) return null;
  return `${lines} lines, and no leading comment saying "${REASON} <why the file stays whole>"`;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(spec|e2e-spec|integration-spec)\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** STYLE: a source file of an app over ~400 lines is split by concern, or says at its top why not (issue 36). */
describe('source file size', () => {
  it('every non-spec file under apps/*/src is at most 400 lines or says why in its leading comment', () => {
    const apps = readdirSync(path.join(root, 'apps'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const problems = apps
      .flatMap((app) => sourcesUnder(path.join(root, 'apps', app.name, 'src')))
      .map((file) => ({ file: path.relative(root, file), problem: sizeProblem(readFileSync(file, 'utf8')) }))
      .filter((found) => found.problem !== null);
    expect(problems).toEqual([]);
  });

  it('fails a long file without the reason, and passes one that gives it at its top', () => {
    const body = Array.from({ length: LIMIT + 1 }, (_, n) => `export const line${n} = ${n};`).join('\n');
    expect(sizeProblem(body)).toMatch(/^401 lines/);
    expect(sizeProblem(`/** A long file. */\n${body}`)).not.toBeNull();
    // The phrase below the first line of code does not count.
    expect(sizeProblem(`${body}\n// ${REASON} it is generated.`)).not.toBeNull();
    expect(sizeProblem(`// ${REASON} it is generated.\n${body}`)).toBeNull();
    expect(sizeProblem(`/* eslint-disable no-console */\n/**\n * ${REASON} one table.\n */\n${body}`)).toBeNull();
  });
});
