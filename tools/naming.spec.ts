import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** STYLE: one name each for an app's module, its workflow starters and its presenters (issue 36 item 4). */
function namingProblems(app: string, files: { file: string; source: string }[]): string[] {
  const problems: string[] = [];
  const modules = files.filter((f) => path.dirname(f.file) === '.' && f.file.endsWith('.module.ts'));
  if (modules.length && modules.map((m) => m.file).join() !== `${app}.module.ts`)
    problems.push(`${app}: its root module is ${modules.map((m) => m.file).join(', ')}, not ${app}.module.ts`);
  for (const { file, source } of files) {
    if (/\bextends TemporalClientOwner\b/.test(source) && !file.endsWith('.workflows.ts'))
      problems.push(`${app}/${file}: starts workflows (a TemporalClientOwner) but is not named *.workflows.ts`);
    if (/^export (async )?function present[A-Z]/m.test(source) && !file.endsWith('.presenter.ts'))
      problems.push(`${app}/${file}: exports a present* function but is not named *.presenter.ts`);
  }
  return problems;
}

function sourcesOf(app: string): { file: string; source: string }[] {
  const src = path.join(root, 'apps', app, 'src');
  return readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file: path.relative(src, file), source: readFileSync(file, 'utf8') }));
}

describe('names', () => {
  it('every app names its module <app>.module.ts, its workflow starters *.workflows.ts and its presenters *.presenter.ts', () => {
    const apps = readdirSync(path.join(root, 'apps'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(apps.flatMap((app) => namingProblems(app.name, sourcesOf(app.name)))).toEqual([]);
  });

  it('fails an app.module.ts, a starter or a presenter named otherwise', () => {
    expect(
      namingProblems('chat', [
        { file: 'app.module.ts', source: '' },
        { file: 'turns/turn-starter.ts', source: 'export class Turns extends TemporalClientOwner {}' },
        { file: 'turns/turn-view.ts', source: 'export function presentTurn() {}' },
        { file: 'turns/turn.presenter.ts', source: 'export function presentTurn() {}' },
      ]),
    ).toEqual([
      'chat: its root module is app.module.ts, not chat.module.ts',
      'chat/turns/turn-starter.ts: starts workflows (a TemporalClientOwner) but is not named *.workflows.ts',
      'chat/turns/turn-view.ts: exports a present* function but is not named *.presenter.ts',
    ]);
  });
});
