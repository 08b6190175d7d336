# Shared by the wrk benchmarks (source it): one wrk run, medians, and an nginx serving a
# folder on loopback as the baseline. Expects $work (a temporary folder), $THREADS,
# $CONNECTIONS and $DURATION.

# Command substitutions stop on a failure too, so a failed measurement stops the benchmark.
shopt -s inherit_errexit

# Stops what the benchmark started and removes $work; `app_pid` is the Fotofolio server,
# `harness_pid` the libmicrohttpd harness.
cleanup() {
  [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null
  [ -n "${harness_pid:-}" ] && kill "$harness_pid" 2>/dev/null && wait "$harness_pid" 2>/dev/null
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null
  rm -rf "$work"
}

# Starts nginx (two workers, no access log, `sendfile` and `tcp_nopush` on as in Debian's
# stock nginx.conf) serving folder $1 on port $2, and checks that it answers every file in
# the folder with exactly its bytes. Run as root, nginx's workers are `nobody`: a folder they
# cannot read would make every answer a small 403, measured as if it were the page.
start_nginx() {
  chmod 755 "$work"
  chmod -R a+rX "$1"
  cat >"$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  include /etc/nginx/mime.types;
  server { listen 127.0.0.1:$2; root $1; }
}
CONF
  nginx -c "$work/nginx.conf"
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$2$3" >/dev/null && break; sleep 0.1; done
  local file
  while IFS= read -r file; do
    curl -fs "http://127.0.0.1:$2/${file#"$1"/}" | cmp -s - "$file" \
      || { echo "nginx does not serve ${file#"$1"/} as it is on disk" >&2; exit 1; }
  done < <(find "$1" -type f)
}

# Starts the libmicrohttpd harness (bench/harness/mhd-harness.c, built into $work) serving
# folder $1 on port $2 from memory, with Fotofolio's daemon options and page headers, and
# checks like start_nginx that it answers every file with exactly its bytes. Sets harness_pid.
start_harness() {
  bench/harness/build.sh "$work/mhd-harness"
  "$work/mhd-harness" page --host 127.0.0.1 --port "$2" --dir "$1" 2>"$work/harness.log" &
  harness_pid=$!
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$2$3" >/dev/null && break; sleep 0.1; done
  local file
  while IFS= read -r file; do
    curl -fs "http://127.0.0.1:$2/${file#"$1"/}" | cmp -s - "$file" \
      || { echo "the harness does not serve ${file#"$1"/} as it is on disk" >&2; cat "$work/harness.log" >&2; exit 1; }
  done < <(find "$1" -type f)
}

# One wrk run: prints "requests_per_second p50_ms p99_ms requests"; a second argument is a Cookie
# header. Any answer that is not 2xx or 3xx stops the benchmark: an error is not a page served.
measure() {
  local header=()
  if [ -n "${2:-}" ]; then header=(-H "Cookie: $2"); fi
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "${header[@]}" "$1" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
    / requests in / { requests = $1 }
    /Non-2xx or 3xx responses:/ { failed = $NF }
    END {
      if (failed > 0) { printf "%s: %d of %d answers were not 2xx or 3xx\n", url, failed, requests > "/dev/stderr"; exit 1 }
      printf "%.0f %.3f %.3f %d\n", rps, p50, p99, requests }' url="$1"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# CPU time in clock ticks used so far by the given processes (children not waited for excluded).
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do
    total=$((total + $(awk '{sub(/.*\) /, ""); print $12 + $13}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
