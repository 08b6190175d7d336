#!/usr/bin/env bash
# Fotofolio with RabbitMQ's MQTT plugin as the broker instead of mosquitto, on one machine:
# RABBITS RabbitMQ nodes (3 unless set) joined into one cluster on 127.0.0.1, haproxy in TCP
# mode in front of their MQTT listeners, a private PostgreSQL (deploy/postgres.sh) and NODES
# Fotofolio nodes (2 unless set) that reach the broker only through haproxy. The nodes are
# the usual binary with the usual options: only --mqtt-url names another broker.
#
#   deploy/rabbitmq.sh check [FOLDER]   (default /var/tmp/fotofolio-rabbitmq) starts all that,
#                                       chats across two nodes while it kills RabbitMQ nodes
#                                       (deploy/rabbitmq_chat_check.py), prints PASS or FAIL,
#                                       stops everything and exits 0 only on PASS
#   deploy/rabbitmq.sh run [FOLDER]     starts all that, then stops everything on Ctrl+C
#   deploy/rabbitmq.sh stop [FOLDER]    stops what a run killed with SIGKILL left behind
#
# RABBITS=1 runs one RabbitMQ node, which the nodes reach directly (no haproxy), and the check
# only chats. LIVE_POLL is the nodes' --live-poll (600 s: longer than a check, so whatever
# arrives came through the broker). MINORITY=0 leaves out the check's last step, which kills
# a second RabbitMQ node to see what a cluster without a majority does.
# PARTITION_HANDLING is RabbitMQ's cluster_partition_handling (pause_minority unless set).
# FOTOFOLIO names the binary (default .build/release/fotofolio), PYTHON the Python with the
# browser tests' packages (default .venv/bin/python, which `make browser-test` makes).
#
# Every file is in FOLDER: RabbitMQ's in FOLDER/rabbitmq (made anew by every check or run:
# a fresh cluster each time), PostgreSQL's in FOLDER/postgres (kept, like the photos in
# FOLDER/shared), haproxy's in FOLDER/haproxy, each node's log and pid file in FOLDER.
set -euo pipefail

command=${1:-check}
folder=$(realpath -m "${2:-/var/tmp/fotofolio-rabbitmq}")
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/deploy/common.sh"
fotofolio=${FOTOFOLIO:-$root/.build/release/fotofolio}
python=${PYTHON:-$root/.venv/bin/python}
rabbits=${RABBITS:-3}
nodes=${NODES:-2}
live_poll=${LIVE_POLL:-600}
minority=${MINORITY:-1}
partition_handling=${PARTITION_HANDLING:-pause_minority}
rabbit_dir=$folder/rabbitmq
proxy_dir=$folder/haproxy
# Debian's rabbitmq-server puts wrappers in /usr/sbin that switch to the rabbitmq user; the
# scripts behind them run RabbitMQ as whoever calls them, which is what this script wants.
rabbit_bin=/usr/lib/rabbitmq/bin
# haproxy lives in /usr/sbin, which a user's PATH may not name.
export PATH=$PATH:/usr/sbin

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

# The script's own output, kept on 3 and 4: a signal that arrives while a function's output
# goes to /dev/null runs the traps with that redirection still in place (see finish).
exec 3>&1 4>&2

# Prints N different free ports of 127.0.0.1 below the kernel's range for outgoing
# connections: a RabbitMQ node killed and started again must find its ports free, and one in
# that range may meanwhile be the local end of any connection.
free_ports() {
  python3 - "$1" <<'EOF'
import random, socket, sys
low = 10000
high = max(int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0]), low + 5000)
chosen = []
while len(chosen) < int(sys.argv[1]):
    port = random.randrange(low, high)
    if port in chosen:
        continue
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
    chosen.append(port)
print(" ".join(map(str, chosen)))
EOF
}

# Seconds since an $EPOCHREALTIME, with one decimal.
since() {
  awk -v start="$1" -v now="$EPOCHREALTIME" 'BEGIN { printf "%.1f", now - start }'
}

require_packages() {
  local fresh=0
  dpkg-query -W -f='${Status}' rabbitmq-server 2>/dev/null | grep -q "ok installed" || fresh=1
  install_missing rabbitmq-server haproxy postgresql curl python3 mosquitto-clients
  [ "$fresh" -eq 0 ] || stop_system_rabbitmq
}

# Installing rabbitmq-server enables and starts the system's own RabbitMQ where the system
# lets packages start services. This script runs nodes of its own; the system's would only
# hold ports 5672, 25672 and 4369 (epmd), so it is stopped and disabled again.
stop_system_rabbitmq() {
  if [ -d /run/systemd/system ] && systemctl is-enabled --quiet rabbitmq-server.service 2>/dev/null; then
    $sudo systemctl disable --now --quiet rabbitmq-server.service || true
    echo "Stopped and disabled the system's RabbitMQ service, which the package started."
  elif pgrep -u rabbitmq -x beam.smp >/dev/null 2>&1; then
    $sudo invoke-rc.d rabbitmq-server stop >/dev/null 2>&1 || true
    echo "Stopped the system's RabbitMQ service, which the package started."
  fi
  # The epmd that the system's node started (as rabbitmq, on port 4369), once no node uses it.
  if pgrep -u rabbitmq -x epmd >/dev/null 2>&1 && ! epmd -names 2>/dev/null | grep -q '^name '; then
    $sudo epmd -kill >/dev/null 2>&1 || true
  fi
}

# Everything that can be refused before anything starts.
check_start() {
  require_packages
  [ -x "$fotofolio" ] || fail "No Fotofolio binary at $fotofolio: build it with make release, or name it in FOTOFOLIO=."
  [[ $nodes =~ ^[1-9][0-9]*$ ]] || fail "NODES must be a number of nodes, not '$nodes'."
  [[ $rabbits =~ ^[1-9][0-9]*$ ]] || fail "RABBITS must be a number of RabbitMQ nodes, not '$rabbits'."
  # The MQTT plugin keeps its client ids in a Raft cluster: two nodes are one failure from no majority.
  [ "$rabbits" -ne 2 ] || fail "RabbitMQ's MQTT plugin does not support clusters of two nodes: RABBITS=1 or 3."
  case $partition_handling in ignore | pause_minority | autoheal) ;;
    *) fail "PARTITION_HANDLING must be ignore, pause_minority or autoheal." ;; esac
  if [ "$command" = check ]; then
    "$python" -c "import sys; sys.path.insert(0, '$root/Tests/Browser'); import live_client" 2>/dev/null \
      || fail "No Python at $python with the browser tests' packages: make .venv/.installed, or name one in PYTHON=."
    [ "$nodes" -ge 2 ] || fail "The check chats across two nodes: NODES=2 or more."
  fi
  ! anything_running || fail "Something still runs in $folder: deploy/rabbitmq.sh stop $folder"
}

anything_running() {
  local file
  for file in "$proxy_dir/haproxy.pid" "$folder"/node-*.pid "$rabbit_dir"/rabbit-*/*.pid; do
    ! running "$file" >/dev/null || return 0
  done
  [ -f "$rabbit_dir/state" ] && . "$rabbit_dir/state" && running "$rabbit_dir/epmd.pid" "epmd -port $epmd_port " >/dev/null
}

# rabbitmqctl (or another of RabbitMQ's tools, in RABBIT_TOOL) against node N, with that
# node's environment: the cookie in HOME, the private epmd, the node's own files.
ctl() {
  local n=$1
  shift
  (set -a && . "$rabbit_dir/rabbit-$n/env" && set +a && exec "$rabbit_bin/${RABBIT_TOOL:-rabbitmqctl}" -n "rabbit-$n@localhost" "$@")
}

# ctl, saying nothing unless it fails (then its output and the reason, and the script stops).
ctl_quietly() {
  local output
  output=$(ctl "$@" 2>&1) || fail "rabbitmqctl -n rabbit-$1@localhost ${*:2} failed:
$output"
}

# The configuration of every node: the files are written anew, the cluster starts empty.
write_rabbit_files() {
  local n password ports
  rm -rf "$rabbit_dir"
  mkdir -p "$rabbit_dir"
  chmod 700 "$rabbit_dir"
  password=$(random_password)
  # Four ports per node (AMQP, MQTT, Erlang distribution, management API) and one for epmd.
  read -r -a ports <<< "$(free_ports $((rabbits * 4 + 1)))"
  epmd_port=${ports[0]}
  # The nodes and rabbitmqctl prove to each other that they belong together with this cookie,
  # read from $HOME/.erlang.cookie; HOME is this folder for all of them.
  (umask 077 && random_password > "$rabbit_dir/.erlang.cookie")
  chmod 400 "$rabbit_dir/.erlang.cookie"
  for n in $(seq 1 "$rabbits"); do
    local dir=$rabbit_dir/rabbit-$n amqp=${ports[$((n * 4 - 3))]} mqtt=${ports[$((n * 4 - 2))]}
    local dist=${ports[$((n * 4 - 1))]} management=${ports[$((n * 4))]}
    mkdir -p "$dir"
    # Read by RabbitMQ's start script (RABBITMQ_CONF_ENV_FILE names this file, so
    # /etc/rabbitmq/rabbitmq-env.conf is not read) and by this script for rabbitmqctl.
    cat > "$dir/env" <<EOF
# Written by deploy/rabbitmq.sh on every start.
HOME=$rabbit_dir
ERL_EPMD_PORT=$epmd_port
RABBITMQ_CONF_ENV_FILE=$dir/env
RABBITMQ_NODENAME=rabbit-$n@localhost
RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
RABBITMQ_NODE_PORT=$amqp
RABBITMQ_DIST_PORT=$dist
RABBITMQ_CONFIG_FILE=$dir/rabbitmq.conf
RABBITMQ_ADVANCED_CONFIG_FILE=$dir/advanced.config
RABBITMQ_ENABLED_PLUGINS_FILE=$dir/enabled_plugins
RABBITMQ_MNESIA_BASE=$dir/mnesia
RABBITMQ_LOG_BASE=$dir/log
RABBITMQ_PID_FILE=$dir/rabbitmq-server.pid
# An Erlang VM that fails to start (this node or a rabbitmqctl) writes its crash dump here,
# not in the current folder.
ERL_CRASH_DUMP=$dir/log/erl_crash.dump
RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
RABBITMQ_CTL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
EOF
    # The management API is how the Fotofolio nodes keep people's MQTT accounts (users, their
    # permissions, their connections).
    echo '[rabbitmq_mqtt,rabbitmq_management].' > "$dir/enabled_plugins"
    (umask 077 && cat > "$dir/rabbitmq.conf") <<EOF
# Written by deploy/rabbitmq.sh on every start.
listeners.tcp.default = 127.0.0.1:$amqp
mqtt.listeners.tcp.default = 127.0.0.1:$mqtt
mqtt.allow_anonymous = false
mqtt.vhost = /
mqtt.exchange = amq.topic
management.tcp.ip = 127.0.0.1
management.tcp.port = $management
# The first start creates this user instead of guest/guest: no guest account ever exists.
# It may use the MQTT plugin (its subscription queues and amq.topic) and nothing else.
default_user = fotofolio
default_pass = $password
default_user_tags.administrator = false
default_permissions.configure = ^mqtt-subscription-
default_permissions.write = ^(amq\\.topic|mqtt-subscription-.*)\$
default_permissions.read = ^(amq\\.topic|mqtt-subscription-.*)\$
cluster_partition_handling = $partition_handling
log.file.level = info
EOF
    echo "$mqtt" > "$dir/mqtt.port"
    echo "$management" > "$dir/management.port"
  done
  accounts_password=$(random_password)
  (umask 077 && printf 'MQTT_USER=fotofolio\nMQTT_PASSWORD=%s\nACCOUNTS_USER=fotofolio-accounts\nACCOUNTS_PASSWORD=%s\n' \
    "$password" "$accounts_password" > "$rabbit_dir/connection")
  mqtt_password=$password
}

# epmd, which Erlang nodes ask for each other's distribution port. A private one on a port of
# its own, started and stopped with the nodes: the first node would otherwise start one that
# outlives it, and a system epmd on 4369 stays untouched.
start_epmd() {
  setsid epmd -port "$epmd_port" -address 127.0.0.1 >> "$rabbit_dir/epmd.log" 2>&1 < /dev/null 3>&- 4>&- &
  echo $! > "$rabbit_dir/epmd.pid"
  wait_for 10 "epmd on port $epmd_port" epmd_answers
}

epmd_answers() {
  running "$rabbit_dir/epmd.pid" "epmd -port $epmd_port " >/dev/null || died epmd "$rabbit_dir/epmd.log"
  epmd -port "$epmd_port" -names >/dev/null 2>&1
}

# Node N as this user, in a session of its own. RabbitMQ's start script stays as the Erlang
# VM's parent and stops the VM properly on SIGTERM: its pid goes in start.pid. The VM writes
# its own in rabbitmq-server.pid (RABBITMQ_PID_FILE); that is the process to kill -9.
start_rabbit() {
  local dir=$rabbit_dir/rabbit-$1
  rm -f "$dir/rabbitmq-server.pid"
  (set -a && . "$dir/env" && set +a && exec setsid "$rabbit_bin/rabbitmq-server") >> "$dir/console.log" 2>&1 < /dev/null 3>&- 4>&- &
  echo $! > "$dir/start.pid"
}

# Waits (60 s at most) until node N runs RabbitMQ and its plugins; fails at once if it dies.
await_rabbit() {
  local dir=$rabbit_dir/rabbit-$1 pid
  pid=$(running "$dir/start.pid") || died "RabbitMQ node rabbit-$1" "$dir/console.log"
  ctl "$1" wait --pid "$pid" --timeout 60 >/dev/null 2>&1 || died "RabbitMQ node rabbit-$1 (or its start)" "$dir/console.log"
  running "$dir/rabbitmq-server.pid" >/dev/null || died "RabbitMQ node rabbit-$1 (its Erlang VM)" "$dir/console.log"
}

# The nodes RabbitMQ's cluster_status reports running, as node 1 sees them.
running_rabbits() {
  ctl "${1:-1}" cluster_status --formatter json 2>/dev/null | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["running_nodes"]))'
}

all_rabbits_running() {
  [ "$(running_rabbits "$@" 2>/dev/null)" = "$rabbits" ]
}

start_rabbits() {
  local n started=$EPOCHREALTIME
  write_rabbit_files
  printf 'epmd_port=%s\n' "$epmd_port" > "$rabbit_dir/state"
  start_epmd
  for n in $(seq 1 "$rabbits"); do start_rabbit "$n"; done
  for n in $(seq 1 "$rabbits"); do await_rabbit "$n"; done
  echo "RabbitMQ: $rabbits node(s) up after $(since "$started") s"
  # Nodes 2, 3… leave their own one-node cluster for node 1's.
  for n in $(seq 2 "$rabbits"); do
    ctl_quietly "$n" stop_app
    ctl_quietly "$n" join_cluster "rabbit-1@localhost"
    ctl_quietly "$n" start_app
  done
  wait_for 30 "a cluster_status with $rabbits running nodes" all_rabbits_running
  echo "RabbitMQ: one cluster of $rabbits running node(s) after $(since "$started") s"
  ctl 1 list_users --silent | grep -q '^guest' && fail "RabbitMQ has a guest user." || true
  # The user the Fotofolio nodes keep people's MQTT accounts with, over the management API:
  # managing other users takes the administrator tag. It has no permissions in any virtual
  # host, so it cannot publish or read a message. The password goes in on standard input.
  printf '%s\n' "$accounts_password" | ctl_quietly 1 add_user fotofolio-accounts
  ctl_quietly 1 set_user_tags fotofolio-accounts administrator
  # No policy for the subscriptions' queues: a Fotofolio node subscribes at most once (QoS 0)
  # with a clean session, and the plugin gives such a subscription a transient queue that
  # RabbitMQ deletes with its node (deploy/README.md, "Subscriptions and queues").
}

# haproxy in TCP mode on one port of 127.0.0.1, in front of every node's MQTT listener.
start_haproxy() {
  local servers="" managers="" n port
  mkdir -p "$proxy_dir"
  read -r mqtt_port stats_port management_port <<< "$(free_ports 3)"
  for n in $(seq 1 "$rabbits"); do
    servers+="    server rabbit-$n 127.0.0.1:$(cat "$rabbit_dir/rabbit-$n/mqtt.port")"$'\n'
    managers+="    server rabbit-$n 127.0.0.1:$(cat "$rabbit_dir/rabbit-$n/management.port")"$'\n'
  done
  cat > "$proxy_dir/haproxy.cfg" <<EOF
# Written by deploy/rabbitmq.sh on every start: the MQTT listeners of the RabbitMQ nodes
# behind one address. Plain TCP; MQTT's own login goes through untouched.
global
    log stdout format raw local0
    stats socket $proxy_dir/stats.sock mode 600 level admin

defaults
    mode tcp
    log global
    option tcplog
    timeout connect 2s
    # An idle MQTT connection carries a PINGREQ every keep-alive (60 s for Fotofolio's client):
    # these must be longer, or haproxy cuts connections that are fine.
    timeout client 3m
    timeout server 3m
    # A connection refused by a node that died a moment ago (its checks have not failed yet)
    # is tried again, the last time on another node.
    retries 2
    option redispatch

frontend mqtt
    bind 127.0.0.1:$mqtt_port
    default_backend rabbitmq

backend rabbitmq
    # Each new connection goes to the node with the fewest; RabbitMQ routes every message to
    # subscribers on any node of the cluster.
    balance leastconn
    # A node is out after two failed TCP checks a second apart; the connections it still holds
    # are cut then, so their clients connect again through a live node.
    default-server check inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
$servers
# The management API of every node behind one address: any node answers for the whole cluster.
frontend management
    bind 127.0.0.1:$management_port
    default_backend rabbitmq-management

backend rabbitmq-management
    balance roundrobin
    timeout client 30s
    timeout server 30s
    default-server check inter 1s fall 2 rise 2
$managers
listen stats
    bind 127.0.0.1:$stats_port
    mode http
    stats enable
    stats uri /
    stats refresh 5s
EOF
  haproxy -c -q -f "$proxy_dir/haproxy.cfg" || fail "haproxy refuses $proxy_dir/haproxy.cfg."
  setsid haproxy -f "$proxy_dir/haproxy.cfg" >> "$proxy_dir/haproxy.log" 2>&1 < /dev/null 3>&- 4>&- &
  echo $! > "$proxy_dir/haproxy.pid"
  printf 'stats_port=%s\n' "$stats_port" >> "$rabbit_dir/state"
  wait_for 30 "haproxy's checks of every RabbitMQ node" every_rabbit_up
}

# Every RabbitMQ node passed haproxy's check (the statistics' CSV: status is the 18th field).
every_rabbit_up() {
  running "$proxy_dir/haproxy.pid" >/dev/null || died haproxy "$proxy_dir/haproxy.log"
  local up
  up=$(curl -fsS --max-time 2 "http://127.0.0.1:$stats_port/;csv" 2>/dev/null \
    | awk -F, '$1 == "rabbitmq" && $2 ~ /^rabbit-/ && $18 == "UP"' | wc -l)
  [ "$up" -eq "$rabbits" ]
}

# Node i on a free port of 127.0.0.1, as deploy/cluster.sh starts one; the URLs go in the
# environment, which only this user can read.
start_node() {
  local name=node-$1 data=$folder/node-$1
  local options=(--host 127.0.0.1 --port "${node_ports[$1]}" --data-dir "$data"
                 --media-dir "$folder/shared/media" --node-name "$name" --live-poll "$live_poll"
                 --public-dir "$root/Public" --templates-dir "$root/Templates")
  mkdir -p "$data"
  chmod 700 "$data"
  FOTOFOLIO_DATABASE_URL=$database_url FOTOFOLIO_MQTT_URL=$mqtt_url FOTOFOLIO_MQTT_ACCOUNTS_API=$accounts_api MALLOC_ARENA_MAX=2 \
    setsid "$fotofolio" serve "${options[@]}" >> "$folder/$name.log" 2>&1 < /dev/null 3>&- 4>&- &
  echo $! > "$folder/$name.pid"
}

# The node answers /healthz and its /status says its MQTT client is connected: the broker
# took the user and the password, and the subscriptions are on their way.
node_connected() {
  running "$folder/node-$1.pid" >/dev/null || died "node-$1" "$folder/node-$1.log"
  curl -fsS --max-time 2 -H 'Accept: application/json' "http://127.0.0.1:${node_ports[$1]}/status" 2>/dev/null \
    | grep -q '"broker" *: *"connected"'
}

start_everything() {
  local i started=$EPOCHREALTIME
  (umask 022 && mkdir -p "$folder")
  # As root, PostgreSQL runs as the postgres user, who must be able to reach its folder.
  chmod 755 "$folder"
  start_rabbits
  if [ "$rabbits" -gt 1 ]; then
    start_haproxy
  else
    mqtt_port=$(cat "$rabbit_dir/rabbit-1/mqtt.port")
    management_port=$(cat "$rabbit_dir/rabbit-1/management.port")
  fi
  mqtt_url=mqtt://fotofolio:$mqtt_password@127.0.0.1:$mqtt_port
  accounts_api=http://fotofolio-accounts:$accounts_password@127.0.0.1:$management_port
  (umask 077 && printf 'MQTT_HOST=127.0.0.1\nMQTT_PORT=%s\nMANAGEMENT_PORT=%s\n' "$mqtt_port" "$management_port" >> "$rabbit_dir/connection")
  database_url=$("$root/deploy/postgres.sh" start "$folder/postgres" 3>&- 4>&-)
  FOTOFOLIO_DATABASE_URL=$database_url "$fotofolio" seed --data-dir "$folder/shared" \
    --demo-photos-dir "$root/Demo/photos" > /dev/null
  declare -g -A node_ports=()
  local ports
  read -r -a ports <<< "$(free_ports "$nodes")"
  for i in $(seq 1 "$nodes"); do
    node_ports[$i]=${ports[$((i - 1))]}
    start_node "$i"
  done
  for i in $(seq 1 "$nodes"); do wait_for 60 "node-$i's connection to the broker" node_connected "$i"; done
  start_seconds=$(since "$started")
  echo "Everything runs after $start_seconds s:"
  for i in $(seq 1 "$nodes"); do
    echo "  node-$i: http://127.0.0.1:${node_ports[$i]}/, log $folder/node-$i.log"
  done
  if [ "$rabbits" -gt 1 ]; then
    echo "  MQTT for the nodes: haproxy on 127.0.0.1:$mqtt_port (statistics http://127.0.0.1:$stats_port/, log $proxy_dir/haproxy.log)"
  else
    echo "  MQTT for the nodes: RabbitMQ on 127.0.0.1:$mqtt_port"
  fi
  echo "  management API (people's MQTT accounts): http://127.0.0.1:$management_port/api/, user fotofolio-accounts"
  for i in $(seq 1 "$rabbits"); do
    echo "  rabbit-$i@localhost: MQTT on 127.0.0.1:$(cat "$rabbit_dir/rabbit-$i/mqtt.port"), log $rabbit_dir/rabbit-$i/log/"
  done
  echo "  user fotofolio, password in $rabbit_dir/connection; rabbitmqctl: HOME=$rabbit_dir ERL_EPMD_PORT=$epmd_port $rabbit_bin/rabbitmqctl -n rabbit-1@localhost …"
  echo "  PostgreSQL: $folder/postgres"
}


stop_everything() {
  local epmd_port=""
  stop_processes haproxy "$proxy_dir/haproxy.pid" || true
  stop_processes "the Fotofolio nodes" "$folder"/node-*.pid || true
  # The whole cluster goes at once: the next start makes a new one. The start scripts stop
  # their VMs; a VM whose start script is gone gets its SIGTERM directly. The nodes go before
  # epmd: a node that finds its epmd gone starts another one (epmd -daemon) that would stay.
  stop_processes "the RabbitMQ nodes" "$rabbit_dir"/rabbit-*/start.pid "$rabbit_dir"/rabbit-*/rabbitmq-server.pid || true
  if [ -f "$rabbit_dir/state" ]; then
    . "$rabbit_dir/state"
    pattern="epmd -port $epmd_port " stop_processes epmd "$rabbit_dir/epmd.pid" || true
  fi
  if [ -f "$folder/postgres/data/postmaster.pid" ]; then "$root/deploy/postgres.sh" stop "$folder/postgres" || true; fi
}

# On any way out (the end, a failure, Ctrl+C): stop everything, keep the exit status.
finish() {
  local status=$?
  trap - EXIT INT TERM
  exec 1>&3 2>&4
  stop_everything
  exit "$status"
}

# The check's own RabbitMQ node start (after it killed one): that node again, back in the
# cluster and in haproxy's rotation.
restart_rabbit() {
  local n=${1#rabbit-}
  [ -f "$rabbit_dir/rabbit-$n/env" ] || fail "No RabbitMQ node rabbit-$n in $folder."
  . "$rabbit_dir/state"
  ! running "$rabbit_dir/rabbit-$n/rabbitmq-server.pid" >/dev/null || fail "rabbit-$n still runs."
  start_rabbit "$n"
  await_rabbit "$n"
  wait_for 30 "a cluster_status with $rabbits running nodes" all_rabbits_running "$n"
  [ -z "${stats_port:-}" ] || wait_for 30 "haproxy's check of rabbit-$n" every_rabbit_up
}

run_check() {
  local i node_list=() rabbit_list=()
  for i in $(seq 1 "$nodes"); do node_list+=("node-$i=http://127.0.0.1:${node_ports[$i]}"); done
  for i in $(seq 1 "$rabbits"); do rabbit_list+=("rabbit-$i"); done
  "$python" "$root/deploy/rabbitmq_chat_check.py" --folder "$folder" --script "$0" \
    --live-poll "$live_poll" --minority "$minority" --mqtt-port "$mqtt_port" \
    --partition-handling "$partition_handling" \
    --started-in "$start_seconds" --nodes "${node_list[@]}" --rabbits "${rabbit_list[@]}" 3>&- 4>&-
}

case $command in
  check)
    check_start
    trap finish EXIT
    trap 'exit 130' INT TERM
    start_everything
    echo
    run_check
    ;;
  run)
    check_start
    trap finish EXIT
    trap 'exit 0' INT TERM
    start_everything
    echo "Ctrl+C stops everything."
    # Everything runs in sessions of its own: Ctrl+C reaches only this script, which stops it all.
    wait
    ;;
  stop)
    stop_everything
    ;;
  restart-rabbit)
    restart_rabbit "${3:?usage: deploy/rabbitmq.sh restart-rabbit FOLDER rabbit-N}"
    ;;
  *)
    echo "usage: deploy/rabbitmq.sh check|run|stop [FOLDER]" >&2
    exit 2
    ;;
esac
