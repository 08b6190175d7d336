#!/usr/bin/env bash
# HTTP benchmark: wrk against Fotofolio, against nginx serving the same bytes on loopback
# and against the libmicrohttpd harness (bench/harness/mhd-harness.c: Fotofolio's daemon
# options, the same bytes from memory, no application work), alternated round by round so
# all see the same machine state. Prints requests/s, p50 and p99 latency (medians over the
# rounds) and each server's ratio to nginx and to the harness.
#
#   bench/http.sh            # 3 rounds of 10 s per target
#   ROUNDS=5 DURATION=20s CONNECTIONS=64 bench/http.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
APP_PORT=${APP_PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18081}
HARNESS_PORT=${HARNESS_PORT:-18082}
BINARY=${BINARY:-.build/release/fotofolio}

for tool in wrk nginx curl gcc; do
  command -v "$tool" >/dev/null || { echo "bench needs $tool (apt-get install wrk nginx-light curl gcc libmicrohttpd-dev)"; exit 1; }
done
[ -x "$BINARY" ] || { echo "build first: swift build -c release"; exit 1; }

work=$(mktemp -d)
source bench/wrk-lib.sh
trap cleanup EXIT

"$BINARY" serve --host 127.0.0.1 --port "$APP_PORT" --data-dir "$work/data" --log-level warning >"$work/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$APP_PORT/healthz" >/dev/null && break; sleep 0.1; done

# nginx and the harness serve the very bytes Fotofolio sends: the stylesheet and the rendered feed page.
mkdir -p "$work/www/css"
curl -fs "http://127.0.0.1:$APP_PORT/css/app.css" >"$work/www/css/app.css" # joined from Public/css/app.css.d/
curl -fs -H 'Accept-Language: cs' "http://127.0.0.1:$APP_PORT/" >"$work/www/index.html"
start_nginx "$work/www" "$NGINX_PORT" "/"
start_harness "$work/www" "$HARNESS_PORT" "/"

# A returning guest carries the CSRF cookie the first page gave them; wrk sends none, so
# without it every request is a first visit (a new token and a Set-Cookie each time).
guest_cookie=$(curl -fs -D - -o /dev/null "http://127.0.0.1:$APP_PORT/" | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: csrf$/ {print "csrf=" $2}')

declare -A results
# The harness answers a request without a csrf cookie with a Set-Cookie as Fotofolio does, so
# its page is a first visit and its revisit a returning guest.
targets=("static:app:http://127.0.0.1:$APP_PORT/css/app.css" "static:nginx:http://127.0.0.1:$NGINX_PORT/css/app.css"
         "static:harness:http://127.0.0.1:$HARNESS_PORT/css/app.css"
         "page:app:http://127.0.0.1:$APP_PORT/" "page:nginx:http://127.0.0.1:$NGINX_PORT/"
         "page:harness:http://127.0.0.1:$HARNESS_PORT/"
         "revisit:app:http://127.0.0.1:$APP_PORT/" "revisit:harness:http://127.0.0.1:$HARNESS_PORT/")
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, $(nproc) cores; static $(wc -c <"$work/www/css/app.css") B, page $(wc -c <"$work/www/index.html") B"
for round in $(seq "$ROUNDS"); do
  for target in "${targets[@]}"; do
    key=${target%:http*}; url=${target#*:*:}
    cookie=""
    if [ "${key%%:*}" = revisit ]; then cookie=$guest_cookie; fi
    results[$key]+="$(measure "$url" "$cookie")"$'\n'
  done
  echo "round $round done"
done

printf '\n%-8s %-9s %12s %9s %9s %10s %11s\n' "what" "server" "requests/s" "p50 ms" "p99 ms" "vs nginx" "vs harness"
for kind in static page revisit; do
  # A returning guest is compared with nginx's page (nginx sets no cookie) and the harness's revisit.
  nginx_rps=$(printf '%s' "${results[${kind/revisit/page}:nginx]}" | awk '{print $1}' | median)
  harness_rps=$(printf '%s' "${results[$kind:harness]}" | awk '{print $1}' | median)
  servers="app nginx harness"
  if [ "$kind" = revisit ]; then servers="app harness"; fi
  for server in $servers; do
    rows=${results[$kind:$server]}
    rps=$(printf '%s' "$rows" | awk '{print $1}' | median)
    p50=$(printf '%s' "$rows" | awk '{print $2}' | median)
    p99=$(printf '%s' "$rows" | awk '{print $3}' | median)
    ratio=$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN { printf "%.0f %%", 100 * a / b }')
    versus=$(awk -v a="$rps" -v b="$harness_rps" 'BEGIN { printf "%.0f %%", 100 * a / b }')
    name=$([ "$server" = app ] && echo fotofolio || echo "$server")
    printf '%-8s %-9s %12s %9s %9s %10s %11s\n' "$kind" "$name" "$rps" "$p50" "$p99" "$ratio" "$versus"
  done
done
