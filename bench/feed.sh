#!/usr/bin/env bash
# Feed benchmark: the rendered feed over a generated world of 2,000 portfolios and 10,000
# photos (bench/feed-data.py), measured with wrk against Fotofolio and against nginx serving
# saved copies of the very same pages, and against the libmicrohttpd harness
# (bench/harness/mhd-harness.c: Fotofolio's daemon options, the saved pages from memory, no
# application work), alternated target by target in each round. Three
# pages — the first page, a filter of two tags, the rating sort — for a returning guest and
# for a signed-in client. Prints medians of requests/s, p50 and p99 and the ratios to nginx
# and to the harness.
# With STORES="sqlite postgres" (the default) the same world is copied (`fotofolio copy-data`)
# into a private PostgreSQL cluster in the benchmark's folder and a second server reads it,
# measured in the same rounds, so the two stores and nginx are compared on one machine at one time.
# With "nodes" in STORES, NODES nodes (3 unless set) serve another copy behind haproxy, started
# by deploy/cluster.sh as a site of several nodes runs. Every run also reads the CPU time the
# server's processes used (haproxy, the nodes, the broker and PostgreSQL's backends included)
# and prints it per page served.
#
#   swift build -c release --product fotofolio && bench/feed.sh
#   ROUNDS=5 DURATION=10s CONNECTIONS=64 bench/feed.sh
#   STORES=sqlite bench/feed.sh            # without PostgreSQL (apt-get install postgresql)
#   STORES="sqlite postgres nodes" NODES=3 bench/feed.sh   # one node against three behind haproxy
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
APP_PORT=${APP_PORT:-18090}
NGINX_PORT=${NGINX_PORT:-18091}
POSTGRES_APP_PORT=${POSTGRES_APP_PORT:-18092}
NODES_PORT=${NODES_PORT:-18093}
HARNESS_PORT=${HARNESS_PORT:-18094}
NODES=${NODES:-3}
STORES=${STORES:-"sqlite postgres"}
# The SQLite server renders the pages nginx serves, and is the base of the comparison.
[[ " $STORES " == *" sqlite "* ]] || STORES="sqlite $STORES"
BINARY=${BINARY:-.build/release/fotofolio}

for tool in wrk nginx curl python3 gcc; do
  command -v "$tool" >/dev/null || { echo "bench needs $tool (apt-get install wrk nginx-light curl python3 gcc libmicrohttpd-dev)"; exit 1; }
done
[ -x "$BINARY" ] || { echo "build first: swift build -c release --product fotofolio"; exit 1; }

work=$(mktemp -d)
source bench/wrk-lib.sh
postgres_app_pid="" postgres_folder="" cluster_folder=""
stop_all() {
  [ -z "$postgres_app_pid" ] || { kill "$postgres_app_pid" 2>/dev/null && wait "$postgres_app_pid" 2>/dev/null; }
  [ -z "$postgres_folder" ] || deploy/postgres.sh stop "$postgres_folder" >/dev/null 2>&1 || true
  [ -z "$cluster_folder" ] || deploy/cluster.sh stop "$cluster_folder" >/dev/null 2>&1 || true
  cleanup
}
trap stop_all EXIT

"$BINARY" seed --data-dir "$work/data" >/dev/null
python3 bench/feed-data.py "$work/data/fotofolio.sqlite"

# The PostgreSQL server gets a copy of the same world and the same photos (its data folder
# holds only its broker's files and a link to the media).
declare -A servers=([sqlite]=http://127.0.0.1:$APP_PORT)
if [[ " $STORES " == *" nodes "* ]]; then
  cluster_folder=$work/cluster
  mkdir -p "$cluster_folder/shared"
  chmod 755 "$work" "$cluster_folder"
  "$BINARY" copy-data --from "$work/data" --to "$(deploy/postgres.sh start "$cluster_folder/postgres")" >/dev/null
  ln -s "$work/data/media" "$cluster_folder/shared/media"
  PORT=$NODES_PORT NODES=$NODES MAXCONN=$((CONNECTIONS + 100)) FOTOFOLIO=$BINARY FOTOFOLIO_LOG_LEVEL=warning \
    deploy/cluster.sh start "$cluster_folder" >"$work/cluster.log" 2>&1 \
    || { echo "the cluster did not start:"; tail -20 "$work/cluster.log"; exit 1; }
  servers[nodes]=http://127.0.0.1:$NODES_PORT
fi
if [[ " $STORES " == *" postgres "* ]]; then
  chmod 755 "$work"
  postgres_folder=$work/postgres
  database_url=$(deploy/postgres.sh start "$postgres_folder")
  "$BINARY" copy-data --from "$work/data" --to "$database_url" >/dev/null
  mkdir -p "$work/data-postgres"
  ln -s "$work/data/media" "$work/data-postgres/media"
  "$BINARY" serve --host 127.0.0.1 --port "$POSTGRES_APP_PORT" --data-dir "$work/data-postgres" \
    --database-url "$database_url" --log-level warning >"$work/app-postgres.log" 2>&1 &
  postgres_app_pid=$!
  servers[postgres]=http://127.0.0.1:$POSTGRES_APP_PORT
fi
"$BINARY" serve --host 127.0.0.1 --port "$APP_PORT" --data-dir "$work/data" --log-level warning >"$work/app.log" 2>&1 &
app_pid=$!
app=${servers[sqlite]}
for url in "${servers[@]}"; do
  for _ in $(seq 100); do curl -fs "$url/healthz" >/dev/null && break; sleep 0.1; done
  curl -fs "$url/healthz" >/dev/null || { echo "the server at $url did not start"; exit 1; }
done

# On each server a returning guest sends the CSRF cookie its first visit got; a client signs in as jana.k.
declare -A cookies
for store in $STORES; do
  url=${servers[$store]}
  guest="csrf=$(curl -fs -D - -o /dev/null "$url/" | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: csrf$/ {print $2}')"
  token=$(curl -fs -H "Cookie: $guest" "$url/login" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
  member="session=$(curl -fs -D - -o /dev/null -H "Cookie: $guest" -H "Origin: $url" \
    --data-urlencode "_csrf=$token" --data-urlencode identifier=jana.k --data-urlencode password=heslovo \
    "$url/login" | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: session$/ {print $2}')"
  [ "$member" != "session=" ] || { echo "could not sign in on $store"; exit 1; }
  cookies[guest:$store]=$guest cookies[member:$store]=$member
done
guest=${cookies[guest:sqlite]} member=${cookies[member:sqlite]}

pages=("first:/" "filtered:/?tags=svatba,praha" "rating:/?sort=rating")
mkdir -p "$work/www"
for who in guest member; do
  cookie=$guest; [ "$who" = member ] && cookie=$member
  for page in "${pages[@]}"; do
    curl -fs -H "Cookie: $cookie" -H 'Accept-Language: cs' "$app${page#*:}" >"$work/www/$who-${page%%:*}.html"
  done
done
start_nginx "$work/www" "$NGINX_PORT" "/guest-first.html"
start_harness "$work/www" "$HARNESS_PORT" "/guest-first.html"

# The processes whose CPU time counts for each server: all of a store's site.
postgres_processes() { # folder
  local main
  main=$(head -1 "$1/data/postmaster.pid" 2>/dev/null) || return 0
  echo "$main" $(pgrep -P "$main")
}
processes() { # server: its processes, PostgreSQL's apart
  case $1 in
    sqlite) echo "$app_pid" $(pgrep -P "$app_pid") ;;
    postgres) echo "$postgres_app_pid" $(pgrep -P "$postgres_app_pid") ;;
    nodes) cat "$cluster_folder"/node-*.pid "$cluster_folder/haproxy.pid" "$cluster_folder/mosquitto/mosquitto.pid" ;;
    nginx) pgrep -P "$(cat "$work/nginx.pid")" ;;
    harness) echo "$harness_pid" ;;
  esac
}
database_processes() { # server
  case $1 in
    postgres) postgres_processes "$postgres_folder" ;;
    nodes) postgres_processes "$cluster_folder/postgres" ;;
  esac
}
# One wrk run as measure prints it, followed by the CPU milliseconds the server used per
# request in all and the part of them PostgreSQL used.
measure_cpu() { # server url cookie
  local pids database before before_database figures after after_database
  pids=$(processes "$1")
  # PostgreSQL's backends come and go with pooled connections: the list is read on both sides.
  database=$(database_processes "$1")
  # shellcheck disable=SC2086
  before=$(cpu_ticks $pids) before_database=$(cpu_ticks $database)
  figures=$(measure "$2" "$3")
  database="$database $(database_processes "$1")"
  # shellcheck disable=SC2086
  after=$(cpu_ticks $pids) after_database=$(cpu_ticks $(printf '%s\n' $database | sort -u))
  echo "$figures $(awk -v t=$((after - before)) -v d=$((after_database - before_database)) -v hz="$(getconf CLK_TCK)" \
    -v n="${figures##* }" 'BEGIN { if (n > 0) printf "%.3f %.3f", 1000 * (t + d) / hz / n, 1000 * d / hz / n; else print "0 0" }')"
}

declare -A results
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, $(nproc) cores; page sizes:" $(wc -c "$work"/www/*.html | head -n -1 | awk '{printf "%s=%s ", $2, $1}' | sed "s|$work/www/||g")
for round in $(seq "$ROUNDS"); do
  for who in guest member; do
    cookie=$guest; [ "$who" = member ] && cookie=$member
    for page in "${pages[@]}"; do
      name=${page%%:*}
      for store in $STORES; do
        results[$who-$name:$store]+="$(measure_cpu "$store" "${servers[$store]}${page#*:}" "${cookies[$who:$store]}")"$'\n'
      done
      results[$who-$name:nginx]+="$(measure_cpu nginx "http://127.0.0.1:$NGINX_PORT/$who-$name.html" "$cookie")"$'\n'
      results[$who-$name:harness]+="$(measure_cpu harness "http://127.0.0.1:$HARNESS_PORT/$who-$name.html" "$cookie")"$'\n'
    done
  done
  echo "round $round done"
done

printf '\n%-16s %-24s %12s %9s %9s %10s %11s %10s %12s %16s\n' "page" "server" "requests/s" "p50 ms" "p99 ms" "vs nginx" "vs harness" "vs sqlite" "CPU ms/page" "of it PostgreSQL"
for who in guest member; do
  for page in "${pages[@]}"; do
    key=$who-${page%%:*}
    nginx_rps=$(printf '%s' "${results[$key:nginx]}" | awk '{print $1}' | median)
    sqlite_rps=$(printf '%s' "${results[$key:sqlite]}" | awk '{print $1}' | median)
    harness_rps=$(printf '%s' "${results[$key:harness]}" | awk '{print $1}' | median)
    for server in $STORES nginx harness; do
      rows=${results[$key:$server]}
      rps=$(printf '%s' "$rows" | awk '{print $1}' | median)
      p50=$(printf '%s' "$rows" | awk '{print $2}' | median)
      p99=$(printf '%s' "$rows" | awk '{print $3}' | median)
      cpu=$(printf '%s' "$rows" | awk '{print $5}' | median)
      database=$(printf '%s' "$rows" | awk '{print $6}' | median)
      ratio=$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN { printf "%.0f %%", 100 * a / b }')
      versus=$(awk -v a="$rps" -v b="$sqlite_rps" 'BEGIN { printf "%.2f", a / b }')
      share=$(awk -v a="$rps" -v b="$harness_rps" 'BEGIN { printf "%.0f %%", 100 * a / b }')
      case $server in
        sqlite) label="fotofolio, SQLite" ;;
        postgres) label="fotofolio, PostgreSQL" ;;
        nodes) label="$NODES nodes, haproxy" ;;
        harness) label="libmicrohttpd harness" ;;
        *) label=nginx ;;
      esac
      printf '%-16s %-24s %12s %9s %9s %10s %11s %10s %12s %16s\n' "$key" "$label" "$rps" "$p50" "$p99" "$ratio" "$share" "$versus" "$cpu" "$database"
    done
  done
done
