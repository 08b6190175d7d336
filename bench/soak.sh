#!/usr/bin/env bash
# Soak test: a fresh Fotofolio server on a free loopback port, with a fresh data folder and the
# demo world, under modest mixed traffic for a given time, on a world that keeps its size —
# guests browsing the feed and searching; photographers uploading photos into portfolios and
# deleting their oldest, sharing them by links that strangers open and the owner revokes;
# proofing galleries whose clients pick and download the delivered archive; shoots requested,
# offered, booked and cancelled; reports that the operator settles; people chatting in direct
# conversations and a group while their live streams (/live) are open. Every interval it
# samples the server's resident memory, descriptors, threads, database and WAL size, HTTP
# errors and lost or duplicated live events into bench/results/soak-<date>.csv, and at the end
# prints a summary (first/last/max after the warm-up, least-squares slopes per hour with their
# 95 % intervals) and draws soak-<date>.png.
#
#   bench/soak.sh                 # 60 minutes
#   bench/soak.sh 3               # 3 minutes
#   SOAK_MINUTES=240 FOTOFOLIO_BINARY=/path/to/fotofolio bench/soak.sh
#
# Settings (environment): FOTOFOLIO_BINARY (default .build/release/fotofolio, else
# .build/debug/fotofolio), SOAK_SAMPLE_SECONDS (default 60; shorter runs take 30 samples),
# SOAK_RATE (pace of every actor, default 1 ≈ 12 requests/s), SOAK_GUESTS (default 4),
# SOAK_WARMUP_SECONDS (left out of the slopes; default the first 10 %), SOAK_KEPT_PORTFOLIOS
# (each photographer's newest kept, the older deleted; default 4),
# SOAK_LOG_LEVEL (the server's, default info), SOAK_LIVE_POLL (the server's safety poll in
# seconds; 0 leaves delivery to MQTT alone), CONVERT (ImageMagick's convert), KEEP=1 keeps the
# data folder and server log.
#
# Needs python3 (standard library) and ImageMagick's convert. Exits 1 if anything failed:
# HTTP errors, lost or duplicated live events, or a server that did not stop cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."

MINUTES=${1:-${SOAK_MINUTES:-60}}
[[ "$MINUTES" =~ ^[0-9]+([.][0-9]+)?$ ]] && [ "$(awk -v m="$MINUTES" 'BEGIN { print (m > 0) }')" = 1 ] \
  || { echo "usage: bench/soak.sh [minutes]  (a positive number; default 60)"; exit 2; }
SECONDS_OF_TRAFFIC=$(awk -v m="$MINUTES" 'BEGIN { printf "%d", m * 60 }')
if [ -n "${FOTOFOLIO_BINARY:-}" ]; then
  BINARY=$FOTOFOLIO_BINARY
  [ -x "$BINARY" ] || { echo "FOTOFOLIO_BINARY=$BINARY is not an executable file"; exit 1; }
elif [ -x .build/release/fotofolio ]; then
  BINARY=.build/release/fotofolio
elif [ -x .build/debug/fotofolio ]; then
  BINARY=.build/debug/fotofolio
  echo "bench/soak.sh: no release build; soaking the debug build .build/debug/fotofolio"
else
  echo "build first: swift build -c release --product fotofolio (or set FOTOFOLIO_BINARY)"
  exit 1
fi
case "$BINARY" in *debug*) KIND=debug ;; *release*) KIND=release ;; *) KIND=$(basename "$BINARY") ;; esac
command -v python3 >/dev/null || { echo "bench/soak.sh needs python3"; exit 1; }

STAMP=$(date -u +%Y-%m-%d-%H%M%S)
mkdir -p bench/results
RESULT=bench/results/soak-$STAMP
work=$(mktemp -d "${TMPDIR:-/tmp}/fotofolio-soak.XXXXXX")
server_pid="" driver_pid="" watchdog="" brokers="" server_status=""

stop_driver() {
  [ -n "$driver_pid" ] || return 0
  if kill -0 "$driver_pid" 2>/dev/null; then
    kill -TERM "$driver_pid" 2>/dev/null || true
    # It ends its traffic, takes a last sample and prints the summary.
    for _ in $(seq 600); do kill -0 "$driver_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$driver_pid" 2>/dev/null || true
  fi
  wait "$driver_pid" 2>/dev/null || true
  driver_pid=""
}

# SIGTERM, then SIGKILL after 10 s; then the private broker, should the server have left it.
stop_server() {
  [ -n "$server_pid" ] || return 0
  brokers=$(pgrep -P "$server_pid" -x mosquitto || true)
  local started=$SECONDS killed=""
  kill -TERM "$server_pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$server_pid" 2>/dev/null; then
    echo "bench/soak.sh: the server did not stop within 10 s of SIGTERM; killing it" >&2
    kill -KILL "$server_pid" 2>/dev/null || true
    killed=1
  fi
  server_status=0
  wait "$server_pid" 2>/dev/null || server_status=$?
  [ -z "$killed" ] || server_status=killed
  echo "Server stopped after SIGTERM in $((SECONDS - started)) s, exit status $server_status"
  for pid in $brokers; do
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mosquitto ]; then
      echo "bench/soak.sh: the private broker $pid outlived the server; stopping it" >&2
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  server_pid=""
}

cleanup() {
  if [ -n "$watchdog" ]; then
    pkill -P "$watchdog" 2>/dev/null || true
    kill "$watchdog" 2>/dev/null || true
  fi
  stop_driver
  stop_server
  if [ -n "${KEEP:-}" ]; then echo "data folder and server log kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A hard bound on the whole script, whatever hangs: the traffic, seeding and five minutes.
# (Its stderr is closed so that ending it early prints nothing.)
( sleep $((SECONDS_OF_TRAFFIC + 600)) && echo "bench/soak.sh: out of time" && kill -TERM $$ ) 2>/dev/null &
watchdog=$!

echo "bench/soak.sh: $MINUTES min against $BINARY ($KIND), $(date -u '+%F %H:%M') UTC, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Seeding the demo world into $work/data…"
timeout 300 "$BINARY" seed --data-dir "$work/data" --demo-photos-dir Demo/photos >"$work/seed.log" 2>&1 \
  || { echo "seeding failed:"; tail -20 "$work/seed.log"; exit 1; }

serve_args=(serve --host 127.0.0.1 --port 0 --data-dir "$work/data" --public-dir Public --templates-dir Templates
            --log-level "${SOAK_LOG_LEVEL:-info}")
[ -z "${SOAK_LIVE_POLL:-}" ] || serve_args+=(--live-poll "$SOAK_LIVE_POLL")
# In a session of its own, so a Ctrl+C reaches the script, which then stops the server itself;
# with two malloc arenas, as `make run` starts it (bench/IMAGING.md says why).
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} setsid "$BINARY" "${serve_args[@]}" >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
# Port 0: the kernel picks a free port and the banner names it.
url=""
for _ in $(seq 300); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/server.out" 2>/dev/null | head -1 || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
healthy() {
  python3 -c 'import sys, urllib.request; sys.exit(urllib.request.urlopen(sys.argv[1], timeout=2).status != 200)' "$1/healthz" 2>/dev/null
}
for _ in $(seq 100); do [ -n "$url" ] && healthy "$url" && break; sleep 0.1; done
if [ -z "$url" ] || ! healthy "$url"; then
  echo "the server did not start:"; tail -20 "$work/server.log"; exit 1
fi
echo "Server $server_pid at $url"

driver_args=(--base-url "$url" --pid "$server_pid" --data-dir "$work/data" --seconds "$SECONDS_OF_TRAFFIC"
             --csv "$RESULT.csv" --png "$RESULT.png" --summary "$RESULT.txt" --label "$KIND"
             --rate "${SOAK_RATE:-1}" --guests "${SOAK_GUESTS:-4}")
[ -z "${SOAK_SAMPLE_SECONDS:-}" ] || driver_args+=(--sample-seconds "$SOAK_SAMPLE_SECONDS")
[ -z "${SOAK_WARMUP_SECONDS:-}" ] || driver_args+=(--warmup-seconds "$SOAK_WARMUP_SECONDS")
[ -z "${SOAK_KEPT_PORTFOLIOS:-}" ] || driver_args+=(--kept-portfolios "$SOAK_KEPT_PORTFOLIOS")
[ -z "${CONVERT:-}" ] || driver_args+=(--convert "$CONVERT")
python3 bench/soak/soak.py "${driver_args[@]}" &
driver_pid=$!
driver_status=0
wait "$driver_pid" || driver_status=$?
driver_pid=""

stop_server
problems=$(grep -cE '^[^ ]+ (warning|error|critical) ' "$work/server.log" || true)
echo "Server log: $(wc -l <"$work/server.log") lines, $problems at warning or above"
if [ "$problems" != 0 ]; then
  grep -E '^[^ ]+ (warning|error|critical) ' "$work/server.log" | cut -c1-300 | head -10 | sed 's/^/  /'
fi
[ "$server_status" = 0 ] || driver_status=1
exit "$driver_status"
