"""A push service on loopback for the tests (RFC 8030), reading what the WebPush module sends
with an independent implementation: `http_ece` decrypts (RFC 8188/8291), py_vapid's JWT
code and `cryptography` verify the VAPID token (RFC 8292).

    push_service.py DIR [--tls CERT KEY HOST]

Listens on 127.0.0.1 at a free port, written to DIR/port once it accepts connections; with
--tls it speaks https with that certificate, as the push service at HOST (its origin, the
VAPID audience it expects, is then https://HOST:PORT).

- GET /new-subscription/NAME: a new subscription, as a browser would make it: JSON
  {endpoint, p256dh, auth}; its private key goes to DIR/keys/NAME.json.
- POST /push/NAME: checks the VAPID Authorization (ES256 signature by the key `k`, `aud` this
  service's origin, `exp` in the future and at most 24 h ahead, `sub` mailto: or https:),
  Content-Encoding aes128gcm and TTL, decrypts the body with the key of DIR/keys/NAME.json
  ({"private": base64url raw scalar or PEM, "auth": base64url}) and answers 201, keeping
  DIR/received/SEQ-NAME.json = {headers: {ttl, urgency, topic}, payload, vapid: {aud, exp, sub}}.
  When DIR/reply/NAME exists, its first line is the status to answer instead and the lines
  after it are response headers (e.g. `429` then `Retry-After: 7`); a 2xx reply still keeps
  the push. Lines starting with `!` misbehave: `!body N` sends N bytes of body, `!cut`
  promises 1000 bytes of body and closes after 10, `!hang` never answers. A push that fails a check gets 400, 401, 404 or 413 with the reason as its body,
  kept as DIR/rejected/SEQ-NAME.json = {status, reason}.
"""

import base64
import itertools
import json
import os
import re
import secrets
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt as vapid_jwt

# Every push service must accept 4096 bytes of message (RFC 8030 §7.2); this one accepts no more.
MAX_MESSAGE = 4096
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class Refusal(Exception):
    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Service:
    def __init__(self, directory):
        self.directory = Path(directory)
        for folder in ("keys", "received", "rejected", "reply"):
            (self.directory / folder).mkdir(parents=True, exist_ok=True)
        self.sequence = itertools.count(1)
        self.lock = threading.Lock()
        self.origin = None

    def next_file(self, folder, name):
        with self.lock:
            number = next(self.sequence)
        return self.directory / folder / f"{number:06d}-{name}.json"

    def write(self, path, value):
        # Written whole, then renamed: a test reading the folder never sees half a file.
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(value, ensure_ascii=False))
        os.replace(temporary, path)

    def new_subscription(self, name):
        key = ec.generate_private_key(ec.SECP256R1())
        auth = secrets.token_bytes(16)
        private = key.private_numbers().private_value.to_bytes(32, "big")
        self.write(self.directory / "keys" / f"{name}.json", {"private": b64url_encode(private), "auth": b64url_encode(auth)})
        public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{name}", "p256dh": b64url_encode(public), "auth": b64url_encode(auth)}

    def private_key(self, name):
        path = self.directory / "keys" / f"{name}.json"
        if not path.exists():
            raise Refusal(404, "no such subscription")
        keys = json.loads(path.read_text())
        private = keys["private"]
        if private.lstrip().startswith("-----BEGIN"):
            key = serialization.load_pem_private_key(private.encode(), password=None)
        else:
            key = ec.derive_private_key(int.from_bytes(b64url_decode(private), "big"), ec.SECP256R1())
        return key, b64url_decode(keys["auth"])

    def check_vapid(self, authorization):
        """The claims of a valid `vapid t=…, k=…` header (RFC 8292 §3), or a Refusal."""
        if not authorization:
            raise Refusal(401, "no Authorization header")
        scheme, _, rest = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise Refusal(401, f"the Authorization scheme is {scheme!r}, not vapid")
        parameters = {}
        for part in rest.split(","):
            key, equals, value = part.strip().partition("=")
            if not equals:
                raise Refusal(401, f"the Authorization parameter {part!r} has no value")
            parameters[key.strip().lower()] = value.strip()
        if "t" not in parameters or "k" not in parameters:
            raise Refusal(401, "the Authorization header lacks t or k")
        token, key = parameters["t"], parameters["k"]
        try:
            header = json.loads(b64url_decode(token.split(".")[0]))
            claims = vapid_jwt.decode(token, key)
        except (InvalidSignature, ValueError, IndexError):
            raise Refusal(401, "the VAPID signature does not verify with k")
        if header.get("alg") != "ES256":
            raise Refusal(401, f"the JWT alg is {header.get('alg')!r}")
        if claims.get("aud") != self.origin:
            raise Refusal(401, f"aud {claims.get('aud')!r} is not {self.origin!r}")
        expiry = claims.get("exp")
        now = time.time()
        if not isinstance(expiry, int) or expiry <= now or expiry > now + 24 * 3600:
            raise Refusal(401, f"exp {expiry!r} is not in the next 24 hours")
        subject = claims.get("sub")
        if not isinstance(subject, str) or not (subject.startswith("mailto:") or subject.startswith("https:")):
            raise Refusal(401, f"sub {subject!r} is not a mailto: or https: address")
        return {"aud": claims["aud"], "exp": expiry, "sub": subject}

    def push(self, name, headers, body):
        """The push's record, or a Refusal."""
        vapid = self.check_vapid(headers.get("Authorization"))
        if (headers.get("Content-Encoding") or "").lower() != "aes128gcm":
            raise Refusal(400, f"Content-Encoding is {headers.get('Content-Encoding')!r}, not aes128gcm")
        ttl = headers.get("TTL")
        if ttl is None or not ttl.isdigit():
            raise Refusal(400, f"TTL is {ttl!r}")
        key, auth = self.private_key(name)
        try:
            payload = http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm")
        except Exception as error:  # http_ece raises its own and cryptography's errors
            raise Refusal(400, f"the message does not decrypt: {error}")
        return {
            "headers": {"ttl": int(ttl), "urgency": headers.get("Urgency"), "topic": headers.get("Topic")},
            "payload": payload.decode("utf-8"),
            "vapid": vapid,
        }

    def configured_reply(self, name):
        """(status, headers, misbehaviours) of DIR/reply/NAME, or None."""
        path = self.directory / "reply" / name
        if not path.exists():
            return None
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
        headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line and not line.startswith("!")]
        misbehaviours = dict((line[1:].split(" ", 1) + [""])[:2] for line in lines[1:] if line.startswith("!"))
        return int(lines[0]), headers, misbehaviours


def handler_for(service):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            sys.stderr.write("push_service: " + (format % args) + "\n")

        def answer(self, status, text="", content_type="text/plain", headers=()):
            data = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for key, value in headers:
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)

        def name_after(self, prefix):
            name = self.path[len(prefix):] if self.path.startswith(prefix) else ""
            return name if NAME.match(name) else None

        def do_GET(self):
            name = self.name_after("/new-subscription/")
            if name is None:
                return self.answer(404, "not found")
            self.answer(200, json.dumps(service.new_subscription(name)), "application/json")

        def do_POST(self):
            name = self.name_after("/push/")
            if name is None:
                return self.answer(404, "not found")
            length = self.headers.get("Content-Length")
            if length is None or not length.isdigit():
                return self.refuse(name, Refusal(400, "no Content-Length"))
            if int(length) > MAX_MESSAGE:
                # Not read: the connection closes after the answer.
                self.close_connection = True
                return self.refuse(name, Refusal(413, f"the message has {length} bytes, more than {MAX_MESSAGE}"))
            body = self.rfile.read(int(length))
            try:
                record = service.push(name, self.headers, body)
            except Refusal as refusal:
                return self.refuse(name, refusal)
            status, headers, misbehaviours = service.configured_reply(name) or (201, [], {})
            if 200 <= status < 300:
                service.write(service.next_file("received", name), record)
                headers = [("Location", f"{service.origin}/message/{secrets.token_hex(8)}")] + list(headers)
            if "hang" in misbehaviours:
                threading.Event().wait(120)
                self.close_connection = True
                return
            if "cut" in misbehaviours:
                self.send_response(status)
                self.send_header("Content-Length", "1000")
                self.end_headers()
                self.wfile.write(b"x" * 10)
                self.wfile.flush()
                self.close_connection = True
                return
            if "body" in misbehaviours:
                return self.answer(status, "x" * int(misbehaviours["body"]), headers=headers)
            self.answer(status, "" if status == 201 else f"answer {status} as configured", headers=headers)

        def refuse(self, name, refusal):
            service.write(service.next_file("rejected", name), {"status": refusal.status, "reason": refusal.reason})
            self.answer(refusal.status, refusal.reason)

    return Handler


def main():
    arguments = sys.argv[1:]
    if len(arguments) not in (1, 5) or (len(arguments) == 5 and arguments[1] != "--tls"):
        sys.exit("usage: push_service.py DIR [--tls CERT KEY HOST]")
    service = Service(arguments[0])
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(service))
    port = server.server_address[1]
    service.origin = f"http://127.0.0.1:{port}"
    if len(arguments) == 5:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments[2], arguments[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        service.origin = f"https://{arguments[4]}:{port}"
    port_file = service.directory / "port"
    temporary = service.directory / "port.tmp"
    temporary.write_text(str(port))
    os.replace(temporary, port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
