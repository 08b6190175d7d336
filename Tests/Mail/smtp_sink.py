#!/usr/bin/python3
"""A mail server for the tests: accepts mail on 127.0.0.1 and keeps each message as a file.

    /usr/bin/python3 Tests/Mail/smtp_sink.py --dir DIR [--port 0] [--starttls CERT KEY] [--auth USER:PASSWORD]

Prints `PORT <n>` as its first line once it listens, then serves until SIGTERM or until its
standard input (when it is a pipe) closes. Each accepted message becomes DIR/<n>.eml (the bytes as received,
written under a temporary name and renamed) and DIR/<n>.json ({"mail_from", "rcpt_tos",
"tls", "auth"}), n counting from 1.

Faults, read at each command so a test can change them while the server runs: when
DIR/reply exists its text is the answer to DATA (the message is not kept); DIR/reply-rcpt the
same for RCPT TO. While DIR/hold exists a message is kept but its DATA is not answered: the
server writes DIR/held and answers 250 only once DIR/hold is removed — to a client that may
be gone by then, as when a real server has taken a message and the sender dies before it
hears so. With --auth, AUTH PLAIN or LOGIN with those credentials is required (535
otherwise); with --starttls the server offers STARTTLS with that certificate and key.

Needs Debian's python3-aiosmtpd (run it with /usr/bin/python3).
"""
import argparse
import asyncio
import json
import os
import signal
import ssl
import stat
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    def fault(self, name):
        try:
            with open(os.path.join(self.directory, name), encoding="utf-8") as file:
                return file.read().strip() or None
        except FileNotFoundError:
            return None

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        reply = self.fault("reply-rcpt")
        if reply:
            return reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        reply = self.fault("reply")
        if reply:
            return reply
        with self.lock:
            self.count += 1
            number = self.count
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "tls": session.ssl is not None,
            "auth": session.login_data.decode() if isinstance(session.login_data, bytes) else session.login_data,
        }
        # The record first: a test that sees the .eml may read its record at once.
        self.write(f"{number}.json", json.dumps(record).encode())
        self.write(f"{number}.eml", envelope.original_content or envelope.content)
        hold = os.path.join(self.directory, "hold")
        if os.path.exists(hold):
            self.write("held", b"")
            while os.path.exists(hold):
                await asyncio.sleep(0.05)
        return "250 2.0.0 Message accepted for delivery"

    def write(self, name, data):
        temporary = os.path.join(self.directory, f".{name}.tmp")
        with open(temporary, "wb") as file:
            file.write(data)
        os.rename(temporary, os.path.join(self.directory, name))


class SinkController(Controller):
    """A Controller that may listen on port 0: the port is known once the server listens."""

    def _trigger_server(self):
        if self.port == 0:
            self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--auth", metavar="USER:PASSWORD")
    arguments = parser.parse_args()
    os.makedirs(arguments.dir, exist_ok=True)

    options = {}
    if arguments.starttls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*arguments.starttls)
        options["tls_context"] = context
    if arguments.auth:
        user, _, password = arguments.auth.partition(":")

        def authenticator(server, session, envelope, mechanism, auth_data):
            accepted = isinstance(auth_data, LoginPassword) and \
                auth_data.login == user.encode() and auth_data.password == password.encode()
            # handled=False: aiosmtpd answers a refusal with 535 itself (True would leave it unanswered).
            return AuthResult(success=accepted, handled=False, auth_data=auth_data)

        options.update(authenticator=authenticator, auth_required=True,
                       auth_require_tls=bool(arguments.starttls))

    controller = SinkController(Sink(arguments.dir), hostname="127.0.0.1", port=arguments.port,
                                ready_timeout=30, **options)
    controller.start()
    print(f"PORT {controller.port}", flush=True)

    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    signal.signal(signal.SIGINT, lambda *_: stopped.set())
    # A pipe on stdin that closes means the test that started it is gone; /dev/null or a
    # terminal is no such signal.
    if stat.S_ISFIFO(os.fstat(0).st_mode):
        threading.Thread(target=lambda: (sys.stdin.buffer.read(), stopped.set()), daemon=True).start()
    stopped.wait()
    controller.stop()


if __name__ == "__main__":
    main()
