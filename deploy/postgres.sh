#!/usr/bin/env bash
# A private PostgreSQL cluster for trying Fotofolio on PostgreSQL, in a folder of its own:
# initdb, then the server on a free port of 127.0.0.1, as an unprivileged user (PostgreSQL
# refuses root; as root the cluster belongs to Debian's `postgres` user). Prints the URL to
# give `fotofolio serve --database-url` or `make run DATABASE_URL=…`.
#
#   deploy/postgres.sh start [FOLDER]   (default /var/tmp/fotofolio-postgres; started again if it exists)
#   deploy/postgres.sh stop [FOLDER]
set -euo pipefail

command=${1:-start}
folder=$(realpath -m "${2:-/var/tmp/fotofolio-postgres}")
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL's server is not installed: apt-get install postgresql" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi
}

case $command in
  start)
    if [ ! -f "$folder/data/PG_VERSION" ]; then
      mkdir -p "$folder"
      [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$folder"
      password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
      port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
      printf '%s\n' "$password" > "$folder/.password"
      chmod 600 "$folder/.password"
      [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$folder/.password"
      as_owner "$bin/initdb" -D "$folder/data" -U fotofolio --auth=scram-sha-256 --pwfile="$folder/.password" \
        -E UTF8 --locale=C.UTF-8 >/dev/null
      printf 'port = %s\nlisten_addresses = '"'127.0.0.1'"'\nunix_socket_directories = '"'%s'"'\n' "$port" "$folder" \
        >> "$folder/data/postgresql.conf"
    fi
    port=$(sed -n 's/^port = //p' "$folder/data/postgresql.conf" | tail -1)
    password=$(cat "$folder/.password")
    if ! as_owner "$bin/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
      as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w start >/dev/null
    fi
    url="postgres://fotofolio:$password@127.0.0.1:$port/fotofolio"
    PGPASSWORD=$password "$bin/psql" -h 127.0.0.1 -p "$port" -U fotofolio -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = 'fotofolio'" | grep -q 1 \
      || PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$port" -U fotofolio fotofolio
    echo "$url"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$folder/data" -m fast stop >/dev/null && echo "Stopped the cluster in $folder."
    ;;
  *)
    echo "usage: deploy/postgres.sh start|stop [FOLDER]" >&2
    exit 2
    ;;
esac
