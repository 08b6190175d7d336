#!/usr/bin/env bash
# Demands in the feed: what a signed-in photographer's feed page costs with the matching
# demands among its portfolios, against a binary from before demands existed. Each binary
# seeds its own world, filled alike by `bench/feed-data.py --demands 500` (2,000 portfolios,
# busy days for every photographer, and 500 open demands where the schema has them), and
# serves it on SQLite; photographers (and a client, the control) sign in on both, and wrk
# measures their first feed page (and, on the binary with demands, `/?show=demands`), the
# binaries alternated page by page in each round. Prints medians of requests/s, p50 and p99,
# and the CPU milliseconds the server's processes used per page served, with the after
# binary's ratio to the before binary's; then the matching statement's query plan in the
# after world (bench/demand-plan.py).
#
#   BEFORE=/path/to/old/fotofolio AFTER=.build/release/fotofolio bench/demands.sh
#   ROUNDS=5 DURATION=10s DEMANDS=500 PHOTOGRAPHERS="vojtafoti ad.fotograf" CLIENTS=jana.k BEFORE=… AFTER=… bench/demands.sh
#   AFTER_SOURCE=/path/to/checkout   # where demand-plan.py reads the matching statement (default: this one)
#   PERF=1 PERF_PEOPLE="vojtafoti jana.k" PERF_DIR=/tmp/perf BEFORE=… bench/demands.sh   # and perf profiles
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
DEMANDS=${DEMANDS:-500}
PHOTOGRAPHERS=${PHOTOGRAPHERS:-"vojtafoti ad.fotograf"}
# Clients are the control: no demands in their feed, so both binaries should cost alike.
CLIENTS=${CLIENTS:-"jana.k"}
BEFORE_PORT=${BEFORE_PORT:-18094}
AFTER_PORT=${AFTER_PORT:-18095}
AFTER=${AFTER:-.build/release/fotofolio}
AFTER_SOURCE=${AFTER_SOURCE:-.}
[ -n "${BEFORE:-}" ] || { echo "name the binary from before demands: BEFORE=/path/to/fotofolio (built from 46390fb)"; exit 1; }

for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "bench needs $tool (apt-get install wrk curl python3)"; exit 1; }
done
for binary in "$BEFORE" "$AFTER"; do
  [ -x "$binary" ] || { echo "no binary at $binary: swift build -c release --product fotofolio"; exit 1; }
done

work=$(mktemp -d)
source bench/wrk-lib.sh
before_pid=""
stop_all() {
  [ -z "$before_pid" ] || { kill "$before_pid" 2>/dev/null && wait "$before_pid" 2>/dev/null; }
  cleanup
}
trap stop_all EXIT

declare -A binaries=([before]=$BEFORE [after]=$AFTER) ports=([before]=$BEFORE_PORT [after]=$AFTER_PORT)
for side in before after; do
  "${binaries[$side]}" seed --data-dir "$work/$side" >/dev/null
  echo "$side: $(python3 bench/feed-data.py "$work/$side/fotofolio.sqlite" --demands "$DEMANDS")"
done
"$BEFORE" serve --host 127.0.0.1 --port "$BEFORE_PORT" --data-dir "$work/before" --log-level warning >"$work/before.log" 2>&1 &
before_pid=$!
"$AFTER" serve --host 127.0.0.1 --port "$AFTER_PORT" --data-dir "$work/after" --log-level warning >"$work/after.log" 2>&1 &
app_pid=$!
declare -A pids=([before]=$before_pid [after]=$app_pid)
for side in before after; do
  url=http://127.0.0.1:${ports[$side]}
  for _ in $(seq 100); do curl -fs "$url/healthz" >/dev/null && break; sleep 0.1; done
  curl -fs "$url/healthz" >/dev/null || { echo "the $side server did not start"; exit 1; }
done

# Each photographer and client signs in on each server, as feed.sh's client does.
people="$PHOTOGRAPHERS $CLIENTS"
# Whether a page is measured for a person on a binary: `/?show=demands` only for photographers, after.
measured() { # who side page
  [ "$3" = feed ] || { [ "$2" = after ] && [[ " $PHOTOGRAPHERS " == *" $1 "* ]]; }
}
declare -A cookies
for side in before after; do
  url=http://127.0.0.1:${ports[$side]}
  for who in $people; do
    guest="csrf=$(curl -fs -D - -o /dev/null "$url/" | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: csrf$/ {print $2}')"
    token=$(curl -fs -H "Cookie: $guest" "$url/login" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
    member="session=$(curl -fs -D - -o /dev/null -H "Cookie: $guest" -H "Origin: $url" \
      --data-urlencode "_csrf=$token" --data-urlencode identifier="$who" --data-urlencode password=heslovo \
      "$url/login" | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: session$/ {print $2}')"
    [ "$member" != "session=" ] || { echo "could not sign in as $who on $side"; exit 1; }
    cookies[$who:$side]=$member
  done
done

# What each page holds: its size, its portfolio cards and its demand cards.
pages=("feed:/" "demands:/?show=demands")
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, $(nproc) cores; pages:"
for who in $people; do
  for side in before after; do
    for page in "${pages[@]}"; do
      measured "$who" "$side" "${page%%:*}" || continue
      curl -fs -H "Cookie: ${cookies[$who:$side]}" -H 'Accept-Language: cs' "http://127.0.0.1:${ports[$side]}${page#*:}" >"$work/page.html"
      printf '  %-12s %-7s %-8s %7s bytes, %2s portfolio cards, %2s demand cards\n' "$who" "$side" "${page%%:*}" "$(wc -c <"$work/page.html")" \
        "$(grep -o 'class="feed-card"' "$work/page.html" | wc -l)" "$(grep -o 'class="feed-card feed-card--demand"' "$work/page.html" | wc -l)"
    done
  done
done

# One wrk run as measure prints it, followed by the server's CPU milliseconds per page served.
measure_cpu() { # side url cookie
  local ticks_before figures ticks_after
  # shellcheck disable=SC2046
  ticks_before=$(cpu_ticks "${pids[$1]}" $(pgrep -P "${pids[$1]}"))
  figures=$(measure "$2" "$3")
  # shellcheck disable=SC2046
  ticks_after=$(cpu_ticks "${pids[$1]}" $(pgrep -P "${pids[$1]}"))
  echo "$figures $(awk -v t=$((ticks_after - ticks_before)) -v hz="$(getconf CLK_TCK)" -v n="${figures##* }" \
    'BEGIN { if (n > 0) printf "%.3f", 1000 * t / hz / n; else print 0 }')"
}

# What each server spends with nobody asking (its background threads), over one DURATION.
ticks_before_idle=()
for side in before after; do
  # shellcheck disable=SC2046
  ticks_before_idle+=("$(cpu_ticks "${pids[$side]}" $(pgrep -P "${pids[$side]}"))")
done
sleep "${DURATION%s}"
index=0
for side in before after; do
  # shellcheck disable=SC2046
  idle=$(( $(cpu_ticks "${pids[$side]}" $(pgrep -P "${pids[$side]}")) - ticks_before_idle[index] ))
  echo "  $side server idle: $(awk -v t="$idle" -v hz="$(getconf CLK_TCK)" -v d="${DURATION%s}" 'BEGIN { printf "%.1f", 1000 * t / hz / d }') CPU ms a second"
  index=$((index + 1))
done

declare -A results
for round in $(seq "$ROUNDS"); do
  for who in $people; do
    for page in "${pages[@]}"; do
      # Alternated: the before binary first in odd rounds, the after binary first in even ones.
      order="before after"; [ $((round % 2)) -eq 0 ] && order="after before"
      for side in $order; do
        measured "$who" "$side" "${page%%:*}" || continue
        results[$who-${page%%:*}:$side]+="$(measure_cpu "$side" "http://127.0.0.1:${ports[$side]}${page#*:}" "${cookies[$who:$side]}")"$'\n'
      done
    done
  done
  echo "round $round done"
done

median_of() { printf '%s' "$1" | awk -v c="$2" '{print $c}' | median; }
printf '\n%-22s %-7s %11s %8s %8s %12s %14s %14s\n' "page" "binary" "requests/s" "p50 ms" "p99 ms" "CPU ms/page" "CPU vs before" "req/s vs before"
for who in $people; do
  before_cpu=$(median_of "${results[$who-feed:before]}" 5)
  before_rps=$(median_of "${results[$who-feed:before]}" 1)
  for key in feed:before feed:after demands:after; do
    measured "$who" "${key#*:}" "${key%%:*}" || continue
    rows=${results[$who-${key%%:*}:${key#*:}]}
    rps=$(median_of "$rows" 1) cpu=$(median_of "$rows" 5)
    printf '%-22s %-7s %11s %8s %8s %12s %14s %14s\n' "$who ${key%%:*}" "${key#*:}" "$rps" "$(median_of "$rows" 2)" "$(median_of "$rows" 3)" "$cpu" \
      "$(awk -v a="$cpu" -v b="$before_cpu" 'BEGIN { printf "%.2f", a / b }')" "$(awk -v a="$rps" -v b="$before_rps" 'BEGIN { printf "%.2f", a / b }')"
  done
done
echo
echo "every round (requests/s p50 p99 requests CPU-ms/page):"
for key in "${!results[@]}"; do printf '%s\n%s' "$key" "${results[$key]}"; done | sed 's/^/  /'

# With PERF=1, each server is recorded by `perf record -g` under wrk on the feed page of each of
# PERF_PEOPLE (the first photographer unless set), and the functions with the most samples of
# their own are printed; PERF_DIR keeps the recordings.
if [ -n "${PERF:-}" ]; then
  command -v perf >/dev/null || { echo "PERF=1 needs perf (apt-get install linux-perf)"; exit 1; }
  demangle=(cat); command -v swift >/dev/null && demangle=(swift demangle --simplified)
  for who in ${PERF_PEOPLE:-${PHOTOGRAPHERS%% *}}; do
    for side in before after; do
      perf record -F 999 -g -o "$work/perf-$who-$side.data" -p "${pids[$side]}" -- sleep "${DURATION%s}" >/dev/null 2>&1 &
      recorder=$!
      measure "http://127.0.0.1:${ports[$side]}/" "${cookies[$who:$side]}" >/dev/null
      wait "$recorder"
      echo; echo "perf, $side binary, $who's feed: functions by their own samples"
      { perf report -i "$work/perf-$who-$side.data" --no-children --sort symbol --stdio -g none 2>/dev/null | grep -E '^ +[0-9.]+%' \
          | head -15 | "${demangle[@]}" | sed 's/ *- *- *$//'; } || true
      [ -z "${PERF_DIR:-}" ] || { mkdir -p "$PERF_DIR"; cp "$work/perf-$who-$side.data" "$PERF_DIR/"; }
    done
  done
fi

echo
# shellcheck disable=SC2086
python3 bench/demand-plan.py --source "$AFTER_SOURCE/Sources/FotofolioSQLite/SQLiteDemandStore+Steps.swift" "$work/after/fotofolio.sqlite" $PHOTOGRAPHERS
