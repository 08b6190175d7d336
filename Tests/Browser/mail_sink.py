"""The tests' SMTP server (Tests/Mail/smtp_sink.py, on Debian's aiosmtpd) as a Python object,
and what it received, read by Python's own `email` package."""

import email
import email.policy
import json
import os
import re
import signal
import subprocess
from pathlib import Path

from browser_helpers import wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]
SINK = REPO_ROOT / "Tests" / "Mail" / "smtp_sink.py"
# Debian's Python has python3-aiosmtpd; the virtual environment's may be another build.
SYSTEM_PYTHON = "/usr/bin/python3"


class Sink:
    """A running sink: `url` for --smtp-url, `messages()` what it kept, `fault(…)` to refuse,
    `hold()` to keep a message unanswered until `release()`."""

    def __init__(self, directory, port=0):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.log = open(self.directory / "sink.log", "a")
        self.process = subprocess.Popen([SYSTEM_PYTHON, str(SINK), "--dir", str(self.directory), "--port", str(port)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"PORT (\d+)", line)
        assert match, f"the SMTP sink did not start: {line!r} {(self.directory / 'sink.log').read_text()[-2000:]}"
        self.port = int(match.group(1))

    @property
    def url(self):
        return f"smtp://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)
        self.log.close()

    def messages(self):
        """Every message kept so far, oldest first, as `email.message.EmailMessage`."""
        numbers = sorted(int(path.stem) for path in self.directory.glob("*.eml"))
        return [email.message_from_bytes((self.directory / f"{n}.eml").read_bytes(), policy=email.policy.default)
                for n in numbers]

    def messages_to(self, address, subject=""):
        """The messages to `address` whose subject contains `subject` (the demo world's people
        get mails of its own history too)."""
        return [message for message in self.messages() if address in str(message["To"]) and subject in str(message["Subject"])]

    def wait_for(self, address, subject="", count=1, timeout=30):
        wait_until(lambda: len(self.messages_to(address, subject)) >= count, timeout,
                   f"{count} mail(s) to {address} about {subject!r} did not arrive")
        return self.messages_to(address, subject)

    def fault(self, reply, at="DATA"):
        (self.directory / ("reply" if at == "DATA" else "reply-rcpt")).write_text(reply)

    def clear_faults(self):
        for name in ("reply", "reply-rcpt"):
            (self.directory / name).unlink(missing_ok=True)

    def hold(self):
        (self.directory / "hold").write_text("")

    def held(self):
        return (self.directory / "held").exists()

    def release(self):
        (self.directory / "hold").unlink(missing_ok=True)


def text_of(message):
    return message.get_body(preferencelist=("plain",)).get_content()


def html_of(message):
    return message.get_body(preferencelist=("html",)).get_content()


def link(message, prefix):
    """The first address in the mail's text whose path starts with `prefix`, as a path."""
    for match in re.finditer(r"https?://[^\s/]+(/\S+)", text_of(message)):
        if match.group(1).startswith(prefix):
            return match.group(1)
    raise AssertionError(f"no {prefix} link in {text_of(message)!r}")
