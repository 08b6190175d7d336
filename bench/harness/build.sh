#!/usr/bin/env bash
# Builds the libmicrohttpd harness (mhd-harness.c) against the system libmicrohttpd, the one
# Fotofolio links (Debian: apt-get install libmicrohttpd-dev).
#
#   bench/harness/build.sh /tmp/mhd-harness
set -euo pipefail
out=${1:?usage: bench/harness/build.sh OUTPUT}
here=$(dirname "$0")
command -v pkg-config >/dev/null && pkg-config --exists libmicrohttpd \
  || { echo "the harness needs libmicrohttpd's headers: apt-get install libmicrohttpd-dev pkg-config" >&2; exit 1; }
# shellcheck disable=SC2046
gcc -O2 -Wall -o "$out" "$here/mhd-harness.c" $(pkg-config --cflags --libs libmicrohttpd) -lpthread
