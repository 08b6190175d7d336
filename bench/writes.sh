#!/usr/bin/env bash
# How many chat messages per second PostgreSQL stores, with the statements a send runs
# (PostgresMessengerStore.send: the message, the sender's read marker, the live event with its
# sequence from the one-row counter, the outbox row), measured with pgbench on a private cluster
# (deploy/postgres.sh) holding the demo world. Every live event takes the counter's row lock
# until its transaction commits, so sends are stored one after another; a second script takes
# the sequence from an ordinary SEQUENCE instead, to show what that order costs. Prints
# transactions per second and mean latency per number of clients.
#
#   bench/writes.sh
#   CLIENTS="1 8 32" DURATION=10 bench/writes.sh
#
# Needs PostgreSQL's server and pgbench (apt-get install postgresql) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."

CLIENTS=${CLIENTS:-"1 4 16 64"}
DURATION=${DURATION:-10}
FOTOFOLIO=${FOTOFOLIO:-.build/release/fotofolio}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pgbench" ] || { echo "bench/writes.sh needs pgbench: apt-get install postgresql"; exit 1; }
[ -x "$FOTOFOLIO" ] || { echo "build first: swift build -c release --product fotofolio (or set FOTOFOLIO)"; exit 1; }

work=$(mktemp -d)
chmod 755 "$work"   # a cluster started as root belongs to the postgres user, who must reach its folder
trap 'deploy/postgres.sh stop "$work/postgres" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

url=$(deploy/postgres.sh start "$work/postgres")
"$FOTOFOLIO" seed --data-dir "$work/data" --database-url "$url" --demo-photos-dir Demo/photos >/dev/null
# pgbench takes the connection from libpq's variables, not from a URL with a password.
rest=${url#postgres://}
export PGUSER=${rest%%:*} PGPASSWORD=${rest#*:} PGHOST=127.0.0.1
PGPASSWORD=${PGPASSWORD%%@*}
rest=${rest#*@127.0.0.1:}
export PGPORT=${rest%%/*} PGDATABASE=${rest#*/}
psql() { "$bin/psql" -X -q -tA -v ON_ERROR_STOP=1 "$@"; }

# One member of one room writes every message: the room and the author only change which rows
# the read marker and the indexes touch.
read -r room author < <(psql -F ' ' -c "SELECT room_id, user_id FROM chat_member ORDER BY room_id, user_id LIMIT 1")
psql -c "CREATE SEQUENCE bench_sequence START 1000000000"

# The envelope a stream carries for a short message, about as long as the real one.
envelope='{"kind":"message","data":{"id":1,"roomId":1,"authorId":1,"author":"jana.k","content":"Dobrý den, máte volno v sobotu?","sentAt":"2026-11-26T10:00:00.000Z","uuid":"00000000-0000-4000-8000-000000000000"}}'
for variant in counter sequence; do
  if [ "$variant" = counter ]; then
    take="UPDATE live_sequence SET last = last + 1 RETURNING last AS seq \\gset"
  else
    take="SELECT nextval('bench_sequence') AS seq \\gset"
  fi
  cat >"$work/$variant.sql" <<SQL
BEGIN;
INSERT INTO chat_message (room_id, author_id, uuid, content, sent_at) VALUES ($room, $author, gen_random_uuid()::text, 'Dobrý den, máte volno v sobotu?', now()) RETURNING id AS message \\gset
UPDATE chat_member SET last_read_message_id = :message WHERE room_id = $room AND user_id = $author;
SELECT id FROM chat_message WHERE id = :message;
$take
INSERT INTO live_event (sequence, kind, room_id, user_id, payload, created_at) VALUES (:seq, 'message', $room, NULL, '$envelope', now());
INSERT INTO outbox (topic, payload, created_at) VALUES ('fotofolio/rooms/$room/messages', '$envelope', now());
COMMIT;
SQL
done

echo "bench/writes.sh: $(date -u +%F), $(nproc) cores, PostgreSQL $("$bin/postgres" --version | awk '{print $3}'), ${DURATION} s per run"
echo "synchronous_commit $(psql -c 'SHOW synchronous_commit'), fsync $(psql -c 'SHOW fsync'); one fdatasync of 8 KB: $("$bin/pg_test_fsync" -s 1 -f "$work/fsync-test" 2>/dev/null | awk '/fdatasync/ && /ops\/sec/ {print $(NF-1); exit}') µs"
echo
echo "| clients | sends/s, counter | mean ms | sends/s, sequence | mean ms | counter / sequence |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for clients in $CLIENTS; do
  declare -A tps=() latency=()
  for variant in counter sequence; do
    out=$("$bin/pgbench" -n -M prepared -c "$clients" -j "$(( clients < $(nproc) ? clients : $(nproc) ))" -T "$DURATION" -f "$work/$variant.sql" 2>&1) \
      || { echo "$out" | tail -5; exit 1; }
    tps[$variant]=$(echo "$out" | awk '/^tps/ {printf "%.0f", $3}')
    latency[$variant]=$(echo "$out" | awk '/^latency average/ {print $4}')
    # Emptied between runs, so each starts from the same tables.
    psql -c "DELETE FROM outbox; DELETE FROM live_event WHERE sequence >= 1000000000 OR created_at > now() - interval '1 hour'; DELETE FROM chat_message WHERE content = 'Dobrý den, máte volno v sobotu?' AND sent_at > now() - interval '1 hour'" -c 'VACUUM ANALYZE'
  done
  echo "| $clients | ${tps[counter]} | ${latency[counter]} | ${tps[sequence]} | ${latency[sequence]} | $(awk -v a="${tps[counter]}" -v b="${tps[sequence]}" 'BEGIN { printf "%.2f", a / b }') |"
done
