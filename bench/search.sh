#!/usr/bin/env bash
# How long a search of one's conversations takes on a million messages (bench/SEARCH.md).
# Needs `swift build -c release --product SearchBench`. MESSAGES, ROOMS, PEOPLE and SEARCHES
# change the world's size (a million messages in 20,000 rooms of 2,000 people, 2,000 searches).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/SearchBench "$work/world" Templates/locales/cs.json "${MESSAGES:-1000000}" "${ROOMS:-20000}" \
  "${PEOPLE:-2000}" "${SEARCHES:-2000}"
