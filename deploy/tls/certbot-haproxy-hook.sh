#!/bin/sh
# certbot's deploy hook for haproxy: after a certificate is issued or renewed, writes the
# full chain and the private key into one PEM (what haproxy's `crt` reads) and reloads
# haproxy without dropping connections. certbot runs it with RENEWED_LINEAGE set
# (/etc/letsencrypt/live/<domain>) and RENEWED_DOMAINS.
#   certbot certonly --standalone --http-01-port 8888 -d fotofolio.example.cz \
#       --deploy-hook /path/to/deploy/tls/certbot-haproxy-hook.sh
set -eu
: "${RENEWED_LINEAGE:?run by certbot as --deploy-hook}"
certs=${HAPROXY_CERTS:-/etc/haproxy/certs}
domain=$(basename "$RENEWED_LINEAGE")
mkdir -p "$certs"
chmod 700 "$certs"
# Written beside and renamed, so haproxy never reads half a file; the key makes it 0600.
umask 077
cat "$RENEWED_LINEAGE/fullchain.pem" "$RENEWED_LINEAGE/privkey.pem" > "$certs/$domain.pem.new"
mv "$certs/$domain.pem.new" "$certs/$domain.pem"
if command -v systemctl >/dev/null && systemctl is-active --quiet haproxy; then
    systemctl reload haproxy
fi
