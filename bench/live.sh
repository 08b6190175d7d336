#!/usr/bin/env bash
# Live delivery benchmark: N browsers' event streams receive chat messages posted at a fixed
# rate, on Fotofolio (GET /live, POST /messages/{room}, its private mosquitto in between), on
# the libmicrohttpd harness (bench/harness/mhd-harness.c: Fotofolio's daemon options, suspended
# streams written as Fotofolio writes them, no database, no broker: the ceiling of the design)
# and on nginx + nchan doing the same fan-out over EventSource, in the same run, size by size.
# Listeners sit in rooms (channels) of ROOM_SIZE; message s goes to room s mod rooms.
# Prints one markdown table: streams open, server threads and resident memory while every
# stream is open, post→receive latency, lost and duplicated messages.
#
#   bench/live.sh                                  # N = 1,000, 5,000, 10,000; 20 msg/s for 15 s
#   SIZES="1000 5000" RATE=50 DURATION=10 bench/live.sh
#   FOTOFOLIO=/path/to/fotofolio bench/live.sh
#   TARGETS=nchan KEEP=1 SAMPLES_DIR=/tmp/live bench/live.sh   # one server; keep logs; every latency
#   SIZES=200 ROOM_SIZE=10 RATE=1000 POST_CONNS=16 bench/live.sh  # how many posts/s a server takes
#
# Targets: fotofolio (SQLite), fotofolio-postgres (one node on the same seed copied with
# `fotofolio copy-data` into a private PostgreSQL cluster in the benchmark's folder), nodes-K
# (K nodes behind haproxy on that database with one shared mosquitto, as deploy/cluster.sh
# starts them; streams and posts spread by haproxy) and nchan.
#   TARGETS="fotofolio-postgres nodes-1 nodes-3 nchan" SIZES="1000 5000" bench/live.sh
#   PG_STATEMENTS=1 TARGETS="nodes-1 nodes-3" SIZES=200 ROOM_SIZE=10 RATE=200 DURATION=10 bench/live.sh
#     # and what PostgreSQL ran per post, by statement (its logging costs CPU: counts only)
# Needs cc, python3, curl, nginx with nchan (apt-get install nginx-light libnginx-mod-nchan) and,
# for fotofolio-postgres and nodes-K, PostgreSQL's server (apt-get install postgresql), and
# haproxy for nodes-K, which holds two sockets per stream under the same file limit.
# harness: the libmicrohttpd harness in live mode, each message frame padded to FRAME_BYTES
# (the size of Fotofolio's frame for the benchmark's message); harness-resume: the same, but
# every frame goes out through libmicrohttpd (MHD_resume_connection and its reader) instead of
# on the suspended stream's socket, which is libmicrohttpd's own cost of a delivery.
#   TARGETS="fotofolio harness harness-resume nchan" bench/live.sh
#   TARGETS=harness HARNESS_POOL_BYTES=16384 bench/live.sh   # libmicrohttpd's connection pool set smaller
# The harness needs gcc and libmicrohttpd's headers (apt-get install libmicrohttpd-dev pkg-config).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"1000 5000 10000"}
ROOM_SIZE=${ROOM_SIZE:-100}
RATE=${RATE:-20}
DURATION=${DURATION:-15}
POST_CONNS=${POST_CONNS:-2}   # connections the client posts on, each one post at a time
QUIET=${QUIET:-6}             # seconds with every stream open before the first post; the CPU then is measured
COUNT=$((RATE * DURATION))
FOTOFOLIO=${FOTOFOLIO:-.build/release/fotofolio}
APP_PORT=${APP_PORT:-18095}
NCHAN_PORT=${NCHAN_PORT:-18096}
HARNESS_PORT=${HARNESS_PORT:-18097}
FRAME_BYTES=${FRAME_BYTES:-1859}   # Fotofolio's `message` frame for the benchmark's content (2026-12-01)
RUN_LIMIT=${RUN_LIMIT:-$((DURATION + ${QUIET%.*} + 45))}   # seconds, one load run
TOTAL_LIMIT=${TOTAL_LIMIT:-900}              # seconds, the whole script
NCHAN_MODULE=${NCHAN_MODULE:-/usr/lib/nginx/modules/ngx_nchan_module.so}
TARGETS=${TARGETS:-"fotofolio fotofolio-postgres harness nchan"}

for tool in cc python3 curl nginx; do
  command -v "$tool" >/dev/null || { echo "bench/live.sh needs $tool (apt-get install nginx-light libnginx-mod-nchan curl)"; exit 1; }
done
[ -f "$NCHAN_MODULE" ] || { echo "nchan is missing: apt-get install libnginx-mod-nchan"; exit 1; }
[[ " $TARGETS " != *" fotofolio"* ]] || [ -x "$FOTOFOLIO" ] || { echo "build first: swift build -c release --product fotofolio (or set FOTOFOLIO)"; exit 1; }

work=$(mktemp -d)
chmod 755 "$work"   # a cluster started as root belongs to the postgres user, who must reach its folder
app_pid="" nginx_master="" client_pid="" postgres_folder="" cluster_folder="" harness_pid=""

# The private cluster's server and its backends, which come and go with the pool's
# connections: they count with the broker, as the part of the work SQLite does inside the server.
postgres_processes() {
  [ -n "$postgres_folder" ] || return 0
  local main
  main=$(head -1 "$postgres_folder/data/postmaster.pid" 2>/dev/null) || return 0
  echo "$main" $(pgrep -P "$main")
}

stop_postgres() {
  [ -n "$postgres_folder" ] || return 0
  deploy/postgres.sh stop "$postgres_folder" >/dev/null 2>&1 || true
  postgres_folder=""
}

stop_app() {
  [ -n "$app_pid" ] || return 0
  local broker
  broker=$(pgrep -P "$app_pid" -x mosquitto || true)
  kill -TERM "$app_pid" 2>/dev/null || true
  for _ in $(seq 150); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$app_pid" 2>/dev/null; then
    echo "fotofolio did not stop within 15 s of SIGTERM; killing it" >&2
    kill -KILL "$app_pid" 2>/dev/null || true
  fi
  wait "$app_pid" 2>/dev/null || true
  # The server stops its broker; this is for a server that had to be killed.
  for pid in $broker; do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mosquitto ] && kill -TERM "$pid" 2>/dev/null
  done
  app_pid=""
}

stop_nginx() {
  [ -n "$nginx_master" ] || return 0
  kill -TERM "$nginx_master" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$nginx_master" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$nginx_master" 2>/dev/null || true
  nginx_master=""
}

stop_harness() {
  [ -n "$harness_pid" ] || return 0
  kill -TERM "$harness_pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$harness_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$harness_pid" 2>/dev/null || true
  wait "$harness_pid" 2>/dev/null || true
  harness_pid=""
}

# PG_STATEMENTS=1: PostgreSQL logs every statement from the nodes' start (which costs it
# CPU: for the count, not for the CPU figures), and the run adds what each kind of statement
# costs per post to the report.
log_statements() { # url
  psql -q "$1" -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
}

statements_per_post() { # label server-log client-json
  python3 - "$@" <<'PY'
import collections, json, re, sys
label, log, client = sys.argv[1:4]
posts = json.load(open(client)).get("post_ok") or 0
counts = collections.Counter()
for line in open(log, errors="replace"):
    match = re.search(r"LOG:  (?:statement|execute [^:]*): (.*)", line)
    if match:
        counts[" ".join(match.group(1).split())[:90]] += 1
total = sum(counts.values())
print(f"\n{label}: {total:,} statements for {posts:,} posts ({total / posts if posts else 0:.1f} per post); the most frequent:\n")
print("| statements per post | statement |")
print("| ---: | --- |")
for text, count in counts.most_common(14):
    shown = text.replace("|", "\\|")
    print(f"| {count / posts if posts else 0:.2f} | `{shown}` |")
PY
}

stop_cluster() {
  [ -n "$cluster_folder" ] || return 0
  deploy/cluster.sh stop "$cluster_folder" >/dev/null 2>&1 || true
  cluster_folder="" postgres_folder=""
}

cleanup() {
  pkill -P "$watchdog" 2>/dev/null || true
  kill "$watchdog" 2>/dev/null || true
  if [ -n "$client_pid" ]; then kill -TERM "$client_pid" 2>/dev/null || true; fi
  stop_app
  stop_cluster
  stop_postgres
  stop_nginx
  stop_harness
  [ ! -s "$work/statements.txt" ] || cat "$work/statements.txt"
  if [ -n "${KEEP:-}" ]; then echo "logs and client output kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# A hard bound on the whole script, whatever hangs.
( sleep "$TOTAL_LIMIT"; echo "bench/live.sh: out of time after $TOTAL_LIMIT s" >&2; kill -TERM $$ ) &
watchdog=$!

cc -O2 -Wall -o "$work/sse-load" bench/live/sse-load.c
if [[ " $TARGETS " == *" harness"* ]]; then bench/harness/build.sh "$work/mhd-harness"; fi

wait_for() { # url seconds: until it answers 2xx
  for _ in $(seq $(($2 * 10))); do curl -fs -o /dev/null "$1" && return 0; sleep 0.1; done
  return 1
}

wait_listening() { # url seconds: until it answers at all
  for _ in $(seq $(($2 * 10))); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" != 000 ] && return 0
    sleep 0.1
  done
  return 1
}

# "tid nanoseconds" for every thread of the given processes: the scheduler's own count of
# each thread's CPU, finer than /proc/PID/stat's ticks.
thread_cpu() {
  local pid task ns
  for pid in "$@"; do
    for task in /proc/"$pid"/task/*; do
      read -r ns _ <"$task/schedstat" 2>/dev/null && echo "${task##*/} $ns"
    done
  done
}

# CPU nanoseconds the threads listed in the second snapshot used since the first (a thread
# new since then counts from zero; one that ended in between is left out: libdispatch's
# workers come and go, and each is idle before it ends).
cpu_between() { # before after
  awk 'NR == FNR { seen[$1] = $2; next } { sum += $2 - ($1 in seen ? seen[$1] : 0) } END { print sum + 0 }' "$1" "$2"
}

# "threads rss_kb cpu_ticks" summed over the given processes.
proc_sample() {
  local threads=0 rss=0 cpu=0 t r c
  for pid in "$@"; do
    read -r t r < <(awk '/^Threads:/ {t = $2} /^VmRSS:/ {r = $2} END {print t + 0, r + 0}' "/proc/$pid/status" 2>/dev/null || echo "0 0")
    c=$(awk '{sub(/.*\) /, ""); print $12 + $13}' "/proc/$pid/stat" 2>/dev/null || echo 0)
    threads=$((threads + t)); rss=$((rss + r)); cpu=$((cpu + c))
  done
  echo "$threads $rss $cpu"
}

# Runs the load client in the background and samples the server processes every 0.5 s
# while all streams are open (the client's ready file exists). Arguments: label, the pid
# lists (server and broker, space separated, quoted), then the client's arguments.
# Writes $work/<label>.json (the client's summary) and $work/<label>.samples.
run_load() {
  local label=$1 server_pids=$2 broker_pids=$3; shift 3
  local ready="$work/$label.ready"
  rm -f "$ready"
  local samples=()
  if [ -n "${SAMPLES_DIR:-}" ]; then mkdir -p "$SAMPLES_DIR"; samples=(--samples "$SAMPLES_DIR/$label.txt"); fi
  timeout -s KILL $((RUN_LIMIT + 15)) "$work/sse-load" "$@" --limit "$RUN_LIMIT" --ready-file "$ready" "${samples[@]}" \
    >"$work/$label.json" 2>"$work/$label.err" &
  client_pid=$!
  : >"$work/$label.samples"
  local quiet_done=""
  while kill -0 "$client_pid" 2>/dev/null; do
    if [ -e "$ready" ] && [ -z "$quiet_done" ]; then
      # The client waits QUIET seconds with every stream open before its first post: what the
      # target spends then is work that does not come with messages (heartbeats, polls, timers).
      quiet_done=1
      local t0 t1
      # shellcheck disable=SC2086
      thread_cpu $server_pids $broker_pids $(postgres_processes) >"$work/$label.quiet0"; t0=$(date +%s%N)
      sleep "$(awk -v q="$QUIET" 'BEGIN { print (q > 0.6 ? q - 0.6 : 0) }')"
      # shellcheck disable=SC2086
      thread_cpu $server_pids $broker_pids $(postgres_processes) >"$work/$label.quiet1"; t1=$(date +%s%N)
      echo "$(cpu_between "$work/$label.quiet0" "$work/$label.quiet1") $((t1 - t0))" >"$work/$label.quiet"
    fi
    if [ -e "$ready" ]; then
      # shellcheck disable=SC2086
      echo "$(proc_sample $server_pids) $(proc_sample $broker_pids) $(proc_sample $(postgres_processes)) $(($(date +%s%N) / 1000000))" >>"$work/$label.samples"
    fi
    sleep 0.5
  done
  wait "$client_pid" || echo "$label: the load client ended with status $? (see below)" >&2
  client_pid=""
  [ -s "$work/$label.err" ] && sed 's/^/  /' "$work/$label.err" | head -20 >&2
  [ -s "$work/$label.json" ] || echo '{}' >"$work/$label.json"
}

load_args() { # streams
  echo --port "$1" --streams "$2" --room-size "$ROOM_SIZE" --rate "$RATE" --count "$COUNT" --post-conns "$POST_CONNS" --connect-timeout 30 --drain 5 --settle "$QUIET"
}

# One Fotofolio run on a fresh data folder seeded with N listeners. With "postgres" as the
# second argument the seed is copied into a private cluster's database and the server reads
# that; the sessions the load client sends are the same.
# A SQLite data folder seeded with n listeners, their sessions in $work/sessions-<label>.txt.
seed_listeners() { # n data label
  # A first start runs the migrations; the seed goes into the stopped server's database.
  "$FOTOFOLIO" serve --port "$APP_PORT" --data-dir "$2" --host 127.0.0.1 --log-level warning >"$work/$3-migrate.log" 2>&1 &
  app_pid=$!
  wait_for "http://127.0.0.1:$APP_PORT/healthz" 30 || { echo "fotofolio did not start:"; cat "$work/$3-migrate.log"; exit 1; }
  stop_app
  python3 bench/live/seed.py --data-dir "$2" --listeners "$1" --room-size "$ROOM_SIZE" --out "$work/sessions-$3.txt" 2>/dev/null
}

# The server's log lines that say error, counted into $work/<label>.errors.
count_errors() { # label logs…
  local label=$1
  shift
  cat "$@" | grep -ciE 'error|critical' >"$work/$label.errors" || true
  if [ "$(cat "$work/$label.errors")" != 0 ]; then
    echo "$label: $(cat "$work/$label.errors") error lines in the server log, the first ones:" >&2
    cat "$@" | grep -iE 'error|critical' | head -5 | cut -c1-300 | sed 's/^/  /' >&2
  fi
}

run_fotofolio_on() {
  local n=$1 store=$2 data="$work/data-$1-$2" label=fotofolio-$1 store_args=()
  [ "$store" = sqlite ] || label=fotofolio-postgres-$n
  seed_listeners "$n" "$data" "$label"
  if [ "$store" = postgres ]; then
    postgres_folder=$work/postgres-$n
    local url
    url=$(deploy/postgres.sh start "$postgres_folder")
    "$FOTOFOLIO" copy-data --from "$data" --to "$url" >"$work/$label-copy.log"
    rm "$data/fotofolio.sqlite"*
    store_args=(--database-url "$url")
  fi
  "$FOTOFOLIO" serve --port "$APP_PORT" --data-dir "$data" "${store_args[@]}" --host 127.0.0.1 --log-level warning >"$work/$label.log" 2>&1 &
  app_pid=$!
  wait_for "http://127.0.0.1:$APP_PORT/healthz" 30 || { echo "fotofolio did not start:"; cat "$work/$label.log"; exit 1; }
  sleep 1
  local broker
  broker=$(pgrep -P "$app_pid" -x mosquitto || true)
  # shellcheck disable=SC2046
  echo "$(proc_sample "$app_pid") $(proc_sample $broker) $(proc_sample $(postgres_processes))" >"$work/$label.idle"
  # shellcheck disable=SC2046
  run_load "$label" "$app_pid" "$broker" --target fotofolio $(load_args "$APP_PORT" "$n") --sessions "$work/sessions-$label.txt"
  if ! kill -0 "$app_pid" 2>/dev/null; then echo "$label: the server died during the run" >&2; fi
  stop_app
  stop_postgres
  count_errors "$label" "$work/$label.log"
}

run_fotofolio() { run_fotofolio_on "$1" sqlite; }
run_fotofolio-postgres() { run_fotofolio_on "$1" postgres; }

# K nodes behind haproxy (deploy/cluster.sh) on the seed copied into the cluster's PostgreSQL:
# the load client talks to haproxy. The server's figures sum haproxy and the nodes, as
# nchan's sum nginx's workers; the broker is the shared mosquitto.
run_nodes() { # n k
  local n=$1 k=$2 data="$work/data-$1-nodes-$2" label=nodes-$2-$1
  seed_listeners "$n" "$data" "$label"
  cluster_folder=$work/cluster-$n-$k
  postgres_folder=$cluster_folder/postgres
  mkdir -p "$cluster_folder"
  chmod 755 "$cluster_folder"
  local url
  url=$(deploy/postgres.sh start "$postgres_folder")
  "$FOTOFOLIO" copy-data --from "$data" --to "$url" >"$work/$label-copy.log"
  [ -z "${PG_STATEMENTS:-}" ] || log_statements "$url"
  PORT=$APP_PORT NODES=$k MAXCONN=$((n + 200)) FOTOFOLIO=$FOTOFOLIO FOTOFOLIO_LOG_LEVEL=warning \
    deploy/cluster.sh start "$cluster_folder" >"$work/$label-cluster.log" 2>&1 \
    || { echo "the cluster did not start:"; tail -20 "$work/$label-cluster.log"; exit 1; }
  local nodes haproxy broker
  nodes=$(cat "$cluster_folder"/node-*.pid | tr '\n' ' ')
  haproxy=$(cat "$cluster_folder/haproxy.pid")
  broker=$(cat "$cluster_folder/mosquitto/mosquitto.pid")
  # shellcheck disable=SC2046,SC2086
  echo "$(proc_sample $haproxy $nodes) $(proc_sample $broker) $(proc_sample $(postgres_processes))" >"$work/$label.idle"
  # shellcheck disable=SC2046
  run_load "$label" "$haproxy $nodes" "$broker" --target fotofolio $(load_args "$APP_PORT" "$n") --sessions "$work/sessions-$label.txt"
  for pid in $haproxy $nodes; do kill -0 "$pid" 2>/dev/null || echo "$label: process $pid died during the run" >&2; done
  [ -z "${PG_STATEMENTS:-}" ] || statements_per_post "$label" "$postgres_folder/server.log" "$work/$label.json" >>"$work/statements.txt"
  local logs=("$cluster_folder"/node-*.log)
  stop_cluster
  count_errors "$label" "${logs[@]}"
}

run_nchan() {
  local n=$1 dir="$work/nginx-$1"
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
load_module $NCHAN_MODULE;
worker_processes 2;
worker_rlimit_nofile 19500;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 19000; }
http {
  access_log off;
  client_body_temp_path $dir/body;
  server {
    listen 127.0.0.1:$NCHAN_PORT backlog=4096;
    location ~ ^/sub/(\\w+)\$ {
      nchan_subscriber eventsource;
      nchan_channel_id \$1;
      nchan_subscriber_first_message newest;
    }
    location ~ ^/pub/(\\w+)\$ {
      nchan_publisher;
      nchan_channel_id \$1;
      nchan_message_buffer_length 10;
      nchan_message_timeout 60s;
    }
  }
}
CONF
  nginx -c "$dir/nginx.conf" -e "$dir/error.log"
  for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
  nginx_master=$(cat "$dir/nginx.pid")
  wait_listening "http://127.0.0.1:$NCHAN_PORT/" 10 || { echo "nginx did not start:"; cat "$dir/error.log"; exit 1; }
  local workers
  workers=$(pgrep -P "$nginx_master" | tr '\n' ' ')
  echo "$(proc_sample $workers) 0 0 0 0 0 0" >"$work/nchan-$n.idle"
  # shellcheck disable=SC2046
  run_load "nchan-$n" "$workers" "" --target nchan $(load_args "$NCHAN_PORT" "$n")
  stop_nginx
}

# The libmicrohttpd harness in live mode: `direct` writes frames on the suspended socket as
# Fotofolio does, `resume` wakes the connection for every frame.
run_harness_with() { # n label deliver
  local n=$1 label=$2-$1 pool=()
  if [ -n "${HARNESS_POOL_BYTES:-}" ]; then pool=(--pool-bytes "$HARNESS_POOL_BYTES"); fi
  "$work/mhd-harness" live --host 127.0.0.1 --port "$HARNESS_PORT" --deliver "$3" --frame-bytes "$FRAME_BYTES" "${pool[@]}" -v \
    2>"$work/$label.log" &
  harness_pid=$!
  wait_listening "http://127.0.0.1:$HARNESS_PORT/healthz" 10 || { echo "the harness did not start:"; cat "$work/$label.log"; exit 1; }
  echo "$(proc_sample "$harness_pid") 0 0 0 0 0 0" >"$work/$label.idle"
  # shellcheck disable=SC2046
  run_load "$label" "$harness_pid" "" --target harness $(load_args "$HARNESS_PORT" "$n")
  if ! kill -0 "$harness_pid" 2>/dev/null; then echo "$label: the harness died during the run" >&2; fi
  stop_harness
  count_errors "$label" "$work/$label.log"
}

run_harness() { run_harness_with "$1" harness direct; }
run_harness-resume() { run_harness_with "$1" harness-resume resume; }

limit=$(ulimit -n)
echo "bench/live.sh: $(date -u +%F), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ulimit -n $limit; rooms of $ROOM_SIZE, $RATE msg/s for ${DURATION} s ($COUNT messages)"
echo "fotofolio $(git rev-parse --short HEAD 2>/dev/null || echo '?'), libmicrohttpd $(pkg-config --modversion libmicrohttpd 2>/dev/null || echo '?'), $(nginx -v 2>&1 | sed 's/.*: //'), nchan $(dpkg-query -W -f='${Version}' libnginx-mod-nchan 2>/dev/null || echo '?'), mosquitto $(dpkg-query -W -f='${Version}' mosquitto 2>/dev/null || echo '?')"
measured=""
for n in $SIZES; do
  # One server process holds every stream: it needs n sockets under its file limit.
  if [ $((n + 500)) -gt "$limit" ]; then echo "N=$n skipped: ulimit -n is $limit"; continue; fi
  if [ "$SECONDS" -gt $((TOTAL_LIMIT - 2 * (RUN_LIMIT + 15) - 60)) ]; then echo "N=$n skipped: out of time"; continue; fi
  for target in $TARGETS; do
    echo "N=$n: $target…"
    case $target in
      nodes-*)
        # haproxy holds the client's socket and the node's for every stream.
        if [ $((2 * n + 500)) -gt "$limit" ]; then echo "N=$n $target skipped: haproxy needs $((2 * n)) sockets, ulimit -n is $limit"; continue; fi
        run_nodes "$n" "${target#nodes-}" ;;
      *) "run_$target" "$n" ;;
    esac
  done
  measured="$measured $n"
done

python3 - "$work" "$measured" "$TARGETS" <<'PY'
import json, os, sys
work, sizes, targets = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
HZ = os.sysconf("SC_CLK_TCK")

def peak(label):
    """While all streams were open: most threads and memory of the server, the broker and
    PostgreSQL, and the CPU seconds each used then."""
    rows = [list(map(int, line.split())) for line in open(f"{work}/{label}.samples") if line.strip()]
    if not rows:
        return None
    out = []
    for part in range(3):
        t, r, c = 3 * part, 3 * part + 1, 3 * part + 2
        out += [max(row[t] for row in rows), max(row[r] for row in rows), (rows[-1][c] - rows[0][c]) / HZ]
    # The window's length in seconds, from the samples' own clock.
    out.append((rows[-1][9] - rows[0][9]) / 1000 if len(rows[0]) > 9 else None)
    return out

def quiet(label):
    """CPU seconds a second of every process of the target while every stream was open and
    nothing was posted yet."""
    try:
        used, took = map(int, open(f"{work}/{label}.quiet").read().split())
    except (OSError, ValueError):
        return None
    return used / took if took > 0 else None

def cell(v, fmt="{:,.0f}"):
    return "–" if v is None or v < 0 else fmt.format(v)

def run(server, n):
    label = f"{server}-{n}"
    if not os.path.exists(f"{work}/{label}.json"):
        return None
    r = json.load(open(f"{work}/{label}.json"))
    idle = list(map(int, open(f"{work}/{label}.idle").read().split()))
    errors = ""
    if os.path.exists(f"{work}/{label}.errors"):
        count = open(f"{work}/{label}.errors").read().strip()
        errors = f" ({count} log errors)" if count not in ("", "0") else ""
    return r, peak(label), idle, errors

print()
print("| streams | server | open | threads | RSS MB | broker (+ PostgreSQL) RSS MB | KB/stream | CPU s | p50 ms | p90 ms | p99 ms | max ms | delivered | lost | dup | connect fail |")
print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
ratios, costs, ceiling = [], [], []
growth = {}  # server: [(streams, KB the target grew by)]
for n in sizes:
    row, units = {}, {}
    for server in targets:
        measured = run(server, n)
        if measured is None:
            continue
        r, p, idle, errors = measured
        rss = p[1] / 1024 if p else None
        alone = server == "nchan" or server.startswith("harness")  # no broker, no database
        others = (p[4] + p[7]) / 1024 if p and not alone else None
        per = (p[1] + p[4] + p[7] - idle[1] - idle[4] - idle[7]) / int(n) if p else None
        cpu = p[2] + p[5] + p[8] if p else None
        print(f"| {int(n):,} | {server}{errors} | {cell(r.get('opened'))} | {cell(p[0] if p else None)} | {cell(rss)} | "
              f"{cell(others)} | {cell(per, '{:.1f}')} | {cell(cpu, '{:.1f}')} | {cell(r.get('p50_ms'), '{:.1f}')} | {cell(r.get('p90_ms'), '{:.1f}')} | "
              f"{cell(r.get('p99_ms'), '{:.1f}')} | {cell(r.get('max_ms'), '{:.1f}')} | "
              f"{cell(r.get('delivered'))} / {cell(r.get('expected'))} | {cell(r.get('lost'))} | "
              f"{cell(r.get('duplicated'))} | {cell(r.get('connect_failures'))} |")
        row[server] = (r, p)
        if per is not None:
            growth.setdefault(server, []).append((int(n), per * int(n)))
        delivered, posts = r.get("delivered") or 0, r.get("post_ok") or 0
        q = quiet(f"{server}-{n}")
        # The same CPU less what the target spends without messages over the window's length.
        busy = cpu - q * p[9] if p and q is not None and p[9] else None
        if p and delivered:
            # CPU µs per delivery (every process of the target; the server's alone) and KB per stream.
            units[server] = (1e6 * cpu / delivered, 1e6 * p[2] / delivered, per,
                             1e6 * busy / delivered if busy is not None else None)
        if p and delivered:
            costs.append(f"| {int(n):,} | {server} | {p[2]:.1f} / {p[5]:.1f} / {p[8]:.1f} | "
                         f"{1e6 * cpu / delivered:,.0f} | {cell(1e3 * q if q is not None else None, '{:.1f}')} | "
                         f"{cell(1e6 * busy / delivered if busy is not None else None, '{:.1f}')} | "
                         f"{cell(1e3 * p[8] / posts if posts and not alone else None, '{:.2f}')} | "
                         f"{cell(per, '{:.1f}')} |")
    def ratio(a, b):
        return f"{a / b:.1f}×" if a is not None and b and a >= 0 and b > 0 else "–"
    def latency(a, b, what):
        if a in row and b in row:
            ar, br = row[a][0], row[b][0]
            ratios.append(f"N={int(n):,} {a} vs {b}: p50 {ratio(ar.get('p50_ms'), br.get('p50_ms'))}, "
                          f"p99 {ratio(ar.get('p99_ms'), br.get('p99_ms'))}{what}")
    latency("fotofolio-postgres", "fotofolio", "")
    for server in targets:
        if server.startswith("nodes-"):
            latency(server, "fotofolio-postgres", "")
            latency(server, "nchan", "")
    # Against the libmicrohttpd harness, the ceiling of the design: how many times its figure.
    def times(a, b):
        return f"{a / b:.2f}×" if a is not None and b and a >= 0 and b > 0 else "–"
    if "harness" in row:
        hr, hu = row["harness"][0], units.get("harness")
        for server in targets:
            if server == "harness" or server not in row:
                continue
            sr, su = row[server][0], units.get(server)
            ceiling.append(f"| {int(n):,} | {server} | {times(sr.get('p99_ms'), hr.get('p99_ms'))} | "
                           f"{times(sr.get('p50_ms'), hr.get('p50_ms'))} | "
                           f"{times(su[0] if su else None, hu[0] if hu else None)} | "
                           f"{times(su[1] if su else None, hu[1] if hu else None)} | "
                           f"{times(su[3] if su else None, hu[3] if hu else None)} | "
                           f"{times(su[2] if su else None, hu[2] if hu else None)} |")
    if "fotofolio" not in row or "nchan" not in row:
        continue
    (fr, fp), (nr, np_) = row["fotofolio"], row["nchan"]
    ratios.append(f"N={int(n):,}: p99 {ratio(fr.get('p99_ms'), nr.get('p99_ms'))}, p50 {ratio(fr.get('p50_ms'), nr.get('p50_ms'))}, "
                  f"RSS {ratio((fp[1] + fp[4]) if fp else None, np_[1] if np_ else None)} (server + broker vs nginx workers), "
                  f"CPU {ratio((fp[2] + fp[5]) if fp else None, np_[2] if np_ else None)}")
print()
if ratios:
    print("Ratios — " + "; ".join(ratios))
print()
print("Costs per unit while every stream was open (CPU of every process of the target, over what it delivered):")
print()
print("| streams | server | CPU s: server / broker / PostgreSQL | CPU µs per delivery | quiet CPU ms a second | CPU µs per delivery less the quiet | PostgreSQL CPU ms per post | KB per stream |")
print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for line in costs:
    print(line)
# What the target grew by, as what each stream adds (the slope over the sizes measured) and
# what it grows by once whatever the number of streams (code and caches its first work
# touches): KB per stream above divides both by N.
fits = {}
for server, points in growth.items():
    if len({n for n, _ in points}) < 2:
        continue
    mean_n = sum(n for n, _ in points) / len(points)
    mean_kb = sum(kb for _, kb in points) / len(points)
    slope = sum((n - mean_n) * (kb - mean_kb) for n, kb in points) / sum((n - mean_n) ** 2 for n, _ in points)
    fits[server] = (slope, mean_kb - slope * mean_n)
if fits:
    print()
    print("Memory as what a stream adds and what the target grows by once (a line through the sizes measured):")
    print()
    print("| server | KB a stream | MB once | a stream over the harness's |")
    print("| --- | ---: | ---: | ---: |")
    for server, (slope, once) in fits.items():
        over = f"{slope / fits['harness'][0]:.2f}×" if "harness" in fits and fits["harness"][0] > 0 else "–"
        print(f"| {server} | {slope:.1f} | {once / 1024:.1f} | {over} |")
if ceiling:
    print()
    print("Against the libmicrohttpd harness (each figure over the harness's at the same N; 1.00× is the harness):")
    print()
    print("| streams | server | p99 | p50 | CPU per delivery | server's own CPU per delivery | CPU per delivery less the quiet | KB per stream |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for line in ceiling:
        print(line)
print()
print("Other figures per run (client JSON):")
for n in sizes:
    for server in targets:
        if not os.path.exists(f"{work}/{server}-{n}.json"):
            continue
        r = json.load(open(f"{work}/{server}-{n}.json"))
        keys = ("connect_s", "open_s", "never_opened", "drops", "reconnects", "post_ok", "post_failed", "post_no_answer",
                "post_status", "post_p50_ms", "post_p99_ms", "post_lag_max_ms", "misrouted", "unconfirmed_received", "streams_with_loss",
                "timed_out")
        print(f"  {server}-{n}: " + ", ".join(f"{k} {r.get(k)}" for k in keys))
PY
