#!/usr/bin/env bash
# Frame cost of the precise sliders in headless Chromium (bench/slider-frames.py) against a
# freshly started release server. Needs the test virtualenv (make test or make browser-test).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8097}"
DATA="$(mktemp -d)"
.build/release/fotofolio serve --port "$PORT" --data-dir "$DATA" >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT

for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/sliders" && break
  sleep 0.1
done
.venv/bin/python bench/slider-frames.py "http://127.0.0.1:$PORT"
