#!/usr/bin/env bash
# What mail costs (bench/MAIL.md): the time a queued mail adds to the chat send that causes
# it, and mails a second into .eml files and to a local SMTP server (Tests/Mail/smtp_sink.py,
# on Debian's aiosmtpd). Needs `swift build -c release --product MailBench`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$sink" 2>/dev/null || true; rm -rf "$work"' EXIT
coproc SINK { exec /usr/bin/python3 Tests/Mail/smtp_sink.py --dir "$work/sink" --port 0; }
sink=$SINK_PID
read -r line <&"${SINK[0]}"
port=${line#PORT }
.build/release/MailBench "$work" Templates Public "smtp://127.0.0.1:$port" "${SENDS:-2000}" "${MAILS:-500}"
echo "received by the SMTP server: $(find "$work/sink" -name '*.eml' | wc -l)"
