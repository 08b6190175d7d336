#!/usr/bin/env bash
# Several Fotofolio nodes behind haproxy on one machine, for trying the site as a cluster: a
# private PostgreSQL (deploy/postgres.sh), one mosquitto, NODES nodes on free ports of
# 127.0.0.1 sharing both and one media folder, and haproxy on PORT in front of them
# (deploy/haproxy.cfg). Everything it starts keeps its files, logs and pid in FOLDER.
#
#   deploy/cluster.sh start [FOLDER]   (default /var/tmp/fotofolio-cluster; NODES=3, PORT=8080)
#   deploy/cluster.sh run [FOLDER]     starts, then stops everything on Ctrl+C (make cluster)
#   deploy/cluster.sh stop [FOLDER]
#
# FOTOFOLIO names the binary (default .build/release/fotofolio, which make release builds);
# MAXCONN the clients haproxy takes at once (default 4096; each live stream is one); PUBLIC_URL
# the address people reach haproxy at, which links leaving a page are made from (default
# http://<this machine's first IPv4 address>:PORT). A database
# that already holds people is used as it is, and the demo world is seeded only into an empty one.
set -euo pipefail

command=${1:-start}
folder=$(realpath -m "${2:-/var/tmp/fotofolio-cluster}")
root=$(cd "$(dirname "$0")/.." && pwd)
fotofolio=${FOTOFOLIO:-$root/.build/release/fotofolio}
nodes=${NODES:-3}
port=${PORT:-8080}
maxconn=${MAXCONN:-4096}
public_url=${PUBLIC_URL:-http://$(hostname -I 2>/dev/null | tr ' ' '\n' | grep -m1 -E '^[0-9.]+$' || echo localhost):$port}
# mosquitto and haproxy live in /usr/sbin, which a user's PATH may not name.
export PATH=$PATH:/usr/sbin
source "$root/deploy/common.sh"

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

require_packages() {
  install_missing postgresql mosquitto haproxy curl python3
  # The packages start their own system services (PostgreSQL's main cluster on port 5432,
  # mosquitto on 1883), which the cluster does not use; they are left as Debian sets them up.
}

# Everything that can be refused before anything starts: a refusal must not stop a cluster
# that already runs in the folder.
check_start() {
  require_packages
  [ -x "$fotofolio" ] || fail "No Fotofolio binary at $fotofolio: build it with make release, or name it in FOTOFOLIO=."
  [[ $nodes =~ ^[1-9][0-9]*$ ]] || fail "NODES must be a number of nodes, not '$nodes'."
  [[ $maxconn =~ ^[1-9][0-9]*$ ]] || fail "MAXCONN must be a number of connections, not '$maxconn'."
  local file
  for file in "$folder/haproxy.pid" "$folder"/node-*.pid "$folder/mosquitto/mosquitto.pid"; do
    ! running "$file" >/dev/null || fail "A cluster already runs in $folder: deploy/cluster.sh stop $folder"
  done
  python3 -c 'import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("", int(sys.argv[1])))' "$port" \
    2>/dev/null || fail "Port $port is taken; PORT=8081 deploy/cluster.sh $command picks another."
}

# One broker for every node, on a free port of 127.0.0.1, with one password-protected user.
start_broker() {
  local dir=$folder/mosquitto password
  mkdir -p "$dir"
  chmod 700 "$dir"
  mqtt_port=$(free_port)
  password=$(random_password)
  # The password goes into the file and is hashed there in place (-U): on a command line any
  # local user could read it in /proc.
  rm -f "$dir/passwords"
  (umask 077 && printf 'fotofolio:%s\n' "$password" > "$dir/passwords")
  mosquitto_passwd -U "$dir/passwords"
  cat > "$dir/mosquitto.conf" <<EOF
# Written by deploy/cluster.sh on every start.
listener $mqtt_port 127.0.0.1
allow_anonymous false
password_file $dir/passwords
persistence false
max_packet_size 1048576
log_dest file $dir/mosquitto.log
log_timestamp_format %Y-%m-%dT%H:%M:%S
connection_messages true
# Started as root, mosquitto switches to the user named here; naming the current user keeps
# it able to read these files.
user $(id -un)
EOF
  (umask 077 && printf 'MQTT_HOST=127.0.0.1\nMQTT_PORT=%s\nMQTT_USER=fotofolio\nMQTT_PASSWORD=%s\n' \
    "$mqtt_port" "$password" > "$dir/connection")
  setsid mosquitto -c "$dir/mosquitto.conf" >> "$dir/mosquitto.log" 2>&1 < /dev/null &
  echo $! > "$dir/mosquitto.pid"
  mqtt_url=mqtt://fotofolio:$password@127.0.0.1:$mqtt_port
  wait_for 10 "mosquitto on port $mqtt_port" broker_listens
}

broker_listens() {
  running "$folder/mosquitto/mosquitto.pid" >/dev/null || died mosquitto "$folder/mosquitto/mosquitto.log"
  (exec 3<>"/dev/tcp/127.0.0.1/$mqtt_port") 2>/dev/null
}

# Node i on a free port of 127.0.0.1: its own data folder (upload spool), the shared database,
# broker and media folder. The URLs go in the environment, which only this user can read.
start_node() {
  local name=node-$1 data=$folder/node-$1
  # A stopping node answers /healthz with 503 for 3 s first: haproxy, checking every second,
  # takes it out after two failures, before its connections close.
  local options=(--host 127.0.0.1 --port "${node_ports[$1]}" --data-dir "$data" --trust-proxy
                 --media-dir "$folder/shared/media" --node-name "$name" --drain-seconds 3
                 --public-dir "$root/Public" --templates-dir "$root/Templates" --public-url "$public_url")
  mkdir -p "$data"
  chmod 700 "$data"
  FOTOFOLIO_DATABASE_URL=$database_url FOTOFOLIO_MQTT_URL=$mqtt_url MALLOC_ARENA_MAX=2 \
    setsid "$fotofolio" serve "${options[@]}" >> "$folder/$name.log" 2>&1 < /dev/null &
  echo $! > "$folder/$name.pid"
}

node_answers() {
  running "$folder/node-$1.pid" >/dev/null || died "node-$1" "$folder/node-$1.log"
  curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:${node_ports[$1]}/healthz" 2>/dev/null
}

# haproxy's configuration from the template, with this cluster's ports and one line per node.
start_haproxy() {
  local servers="" i
  stats_port=$(free_port)
  for i in $(seq 1 "$nodes"); do servers+="    server node-$i 127.0.0.1:${node_ports[$i]}"$'\n'; done
  awk -v port="$port" -v stats="$stats_port" -v maxconn="$maxconn" -v servers="$servers" '
    $1 == "@NODES@" { printf "%s", servers; next }
    { gsub(/@PORT@/, port); gsub(/@STATS_PORT@/, stats); gsub(/@MAXCONN@/, maxconn); print }' "$root/deploy/haproxy.cfg" > "$folder/haproxy.cfg"
  haproxy -c -q -f "$folder/haproxy.cfg" || fail "haproxy refuses $folder/haproxy.cfg."
  setsid haproxy -f "$folder/haproxy.cfg" >> "$folder/haproxy.log" 2>&1 < /dev/null &
  echo $! > "$folder/haproxy.pid"
  wait_for 30 "haproxy's health checks of every node" every_node_up
  curl -fsS -o /dev/null --max-time 5 "http://127.0.0.1:$port/healthz" || fail "haproxy does not answer /healthz on port $port."
}

# Every node passed haproxy's own GET /healthz (the statistics' CSV: status is the 18th field).
every_node_up() {
  running "$folder/haproxy.pid" >/dev/null || died haproxy "$folder/haproxy.log"
  local up
  up=$(curl -fsS --max-time 2 "http://127.0.0.1:$stats_port/;csv" 2>/dev/null \
    | awk -F, '$1 == "nodes" && $2 ~ /^node-/ && $18 == "UP"' | wc -l)
  [ "$up" -eq "$nodes" ]
}

start_cluster() {
  local i address
  (umask 022 && mkdir -p "$folder")
  # As root, PostgreSQL runs as the postgres user, who must be able to reach its folder.
  chmod 755 "$folder"
  database_url=$("$root/deploy/postgres.sh" start "$folder/postgres")
  start_broker
  # Only an empty database is seeded; the photos go into the shared media folder.
  FOTOFOLIO_DATABASE_URL=$database_url "$fotofolio" seed --data-dir "$folder/shared" \
    --demo-photos-dir "$root/Demo/photos"
  declare -g -A node_ports=()
  for i in $(seq 1 "$nodes"); do
    node_ports[$i]=$(free_port)
    start_node "$i"
  done
  for i in $(seq 1 "$nodes"); do wait_for 60 "node-$i on port ${node_ports[$i]}" node_answers "$i"; done
  start_haproxy
  echo
  echo "Fotofolio runs on $nodes nodes behind haproxy: http://127.0.0.1:$port/"
  for address in $(hostname -I 2>/dev/null); do
    case $address in *:* | 127.*) ;; *) echo "  from the network: http://$address:$port/" ;; esac
  done
  for i in $(seq 1 "$nodes"); do
    echo "  node-$i: 127.0.0.1:${node_ports[$i]}, log $folder/node-$i.log"
  done
  echo "  haproxy: statistics http://127.0.0.1:$stats_port/, log $folder/haproxy.log"
  echo "  PostgreSQL: $database_url"
  echo "  mosquitto: 127.0.0.1:$mqtt_port, connection details in $folder/mosquitto/connection"
}


stop_cluster() {
  stop_processes haproxy "$folder/haproxy.pid"
  stop_processes "the nodes" "$folder"/node-*.pid
  stop_processes mosquitto "$folder/mosquitto/mosquitto.pid"
  if [ -f "$folder/postgres/data/postmaster.pid" ]; then "$root/deploy/postgres.sh" stop "$folder/postgres"; fi
}

case $command in
  start)
    check_start
    # A start that fails half-way stops what it started.
    trap stop_cluster EXIT
    trap 'exit 1' INT TERM
    start_cluster
    trap - EXIT INT TERM
    echo "Stop it with: deploy/cluster.sh stop $folder"
    ;;
  run)
    check_start
    trap stop_cluster EXIT
    trap 'exit 0' INT TERM
    start_cluster
    echo "Ctrl+C stops everything."
    # The nodes, mosquitto and haproxy are this script's children in sessions of their own:
    # Ctrl+C reaches only the script, which stops them in order.
    wait
    ;;
  stop)
    stop_cluster
    ;;
  *)
    echo "usage: deploy/cluster.sh start|run|stop [FOLDER]" >&2
    exit 2
    ;;
esac
