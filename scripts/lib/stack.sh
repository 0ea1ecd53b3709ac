# Shared by scripts/bench-paths and scripts/soak (sourced, not run): a gym stack
# started by `gymctl up` for measuring, and the helpers around it.
# The caller sets BIN, BASE_PORT, GATEWAY_PORT, AUTH_PORT and WORK, and keeps the pids
# start_stack leaves in GYMCTL_PID and GYMCTL_CHILDREN for its cleanup.
# shellcheck shell=bash

log() { printf '%s\n' "$*" >&2; }
die() { log "$(basename "$0"): $*"; exit 1; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

# Refuse to start on a busy port: a stale stack would answer instead of ours.
check_ports_free() {
  local port
  for port in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      die "port $port is in use; set BENCH_BASE_PORT to a free range"
    fi
  done
}

# TERM, then KILL after $2 seconds; returns 1 when it took KILL. Only pids this script started.
stop_pid() {
  local pid=$1 grace=$2 waited=0 killed=0
  [[ -n $pid ]] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= grace * 10)); then
      kill -KILL "$pid" 2>/dev/null
      killed=1
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  wait "$pid" 2>/dev/null
  return "$killed"
}

start_stack() {
  log "starting the stack on 127.0.0.1:$GATEWAY_PORT… (log: $WORK/gymctl.log)"
  # The token lives through the whole run (default TTL 900 s could end mid-benchmark);
  # benchmark users publish and message without reading a verification mail; the load
  # comes from one address, so the gateway's per-address rate limits are off.
  GYM_ACCESS_TOKEN_TTL_SECONDS=${GYM_ACCESS_TOKEN_TTL_SECONDS:-86400} GYM_REQUIRE_VERIFIED_EMAIL=false \
  GYM_GATEWAY_RATE_LIMITS=${GYM_GATEWAY_RATE_LIMITS:-false} \
    "$BIN/gymctl" up --base-port "$BASE_PORT" --data-dir "$WORK/gym-data" >"$WORK/gymctl.log" 2>&1 &
  GYMCTL_PID=$!
  # gymctl starts the gateway last, after every backend is SERVING: the gateway
  # serving means the whole stack is up.
  local deadline=$((SECONDS + 180))
  until "$BIN/gymctl" health --addr "127.0.0.1:$GATEWAY_PORT" >/dev/null 2>&1; do
    kill -0 "$GYMCTL_PID" 2>/dev/null || { tail -n 30 "$WORK/gymctl.log" >&2; die "gymctl up exited"; }
    ((SECONDS < deadline)) || { tail -n 30 "$WORK/gymctl.log" >&2; die "stack not healthy within 180 s"; }
    sleep 0.5
  done
  "$BIN/gymctl" health --addr "127.0.0.1:$AUTH_PORT" >/dev/null || die "gym-auth is not SERVING"
  # Remembered so that cleanup can still stop the services if gymctl itself hangs.
  GYMCTL_CHILDREN=$(pgrep -P "$GYMCTL_PID" | tr '\n' ' ' || true)
}

