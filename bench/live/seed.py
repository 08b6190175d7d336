#!/usr/bin/env python3
"""People, group rooms and signed-in sessions for the live delivery benchmark.

Writes straight into the SQLite database of a Fotofolio data folder that has been migrated
(start `fotofolio serve` on it once, or run `fotofolio seed`): N listeners (clients) in group
rooms of G listeners each, plus one poster per room who is a member of it, and one session
per person. Prints the sessions for `sse-load --sessions`, one per line:

    listener <room index> <session token>
    poster <room index> <room id> <session token> <CSRF token>

As `SessionStore` does, the cookie carries a random 256-bit token (base64url, no padding)
and the table keeps only its SHA-256 in lower-case hex; the session's CSRF token is stored as
it is. Nobody signs in with a password, so every account gets the same argon2id string.

    bench/live/seed.py --data-dir D --listeners 1000 --room-size 100 > sessions.txt
"""
import argparse
import base64
import datetime
import hashlib
import os
import sqlite3
import sys

# A well-formed argon2id hash (of a random password nobody knows), parameters as PasswordHasher's.
PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtc2FsdC0wMDAwMQ$" + \
    base64.b64encode(hashlib.sha256(b"live bench").digest()).decode().rstrip("=")


def token():
    """32 random bytes, base64url without padding: 43 characters, like RandomToken.make()."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")


def stamp(moment):
    """GRDB's text form of a Date: UTC, milliseconds."""
    return moment.strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--listeners", type=int, default=1000)
    parser.add_argument("--room-size", type=int, default=100, help="listeners per room")
    parser.add_argument("--out", help="write the sessions here instead of standard output")
    args = parser.parse_args()

    path = os.path.join(args.data_dir, "fotofolio.sqlite")
    if not os.path.exists(path):
        sys.exit(f"{path} does not exist: start `fotofolio serve --data-dir {args.data_dir}` once first")
    db = sqlite3.connect(path, timeout=10)
    db.execute("PRAGMA foreign_keys = ON")
    migrated = {row[0] for row in db.execute("SELECT identifier FROM grdb_migrations")}
    if "v5 messenger" not in migrated:
        sys.exit(f"{path} lacks the messenger tables (migration 'v5 messenger'); run a newer fotofolio on it first")
    if db.execute("SELECT COUNT(*) FROM user WHERE username LIKE 'bench%'").fetchone()[0]:
        sys.exit(f"{path} already has bench people: seed a fresh data folder")

    rooms = (args.listeners + args.room_size - 1) // args.room_size
    now = datetime.datetime.now(datetime.timezone.utc)
    created, expires = stamp(now), stamp(now + datetime.timedelta(days=30))

    def person(username, full_name):
        cursor = db.execute(
            "INSERT INTO user (username, fullName, email, emailConfirmedAt, location, role, priceByAgreement,"
            " passwordHash, createdAt) VALUES (?, ?, ?, ?, 'Praha', 'client', 0, ?, ?)",
            (username, full_name, f"{username}@bench.invalid", created, PASSWORD_HASH, created))
        return cursor.lastrowid

    def session(user_id):
        cookie, csrf = token(), token()
        db.execute("INSERT INTO session (tokenHash, userId, csrfToken, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?)",
                   (hashlib.sha256(cookie.encode()).hexdigest(), user_id, csrf, created, expires))
        return cookie, csrf

    lines = []
    with db:
        room_ids = []
        for r in range(rooms):
            poster = person(f"benchposter{r:05d}", f"Bench Poster {r}")
            room_id = db.execute(
                "INSERT INTO chatRoom (kind, name, createdBy, createdAt, directKey) VALUES ('group', ?, ?, ?, NULL)",
                (f"Bench room {r}", poster, created)).lastrowid
            db.execute("INSERT INTO chatMember (roomId, userId, joinedAt) VALUES (?, ?, ?)", (room_id, poster, created))
            cookie, csrf = session(poster)
            lines.append(f"poster {r} {room_id} {cookie} {csrf}")
            room_ids.append(room_id)
        for i in range(args.listeners):
            r = i // args.room_size
            user_id = person(f"benchlistener{i:05d}", f"Bench Listener {i}")
            db.execute("INSERT INTO chatMember (roomId, userId, joinedAt) VALUES (?, ?, ?)",
                       (room_ids[r], user_id, created))
            cookie, _ = session(user_id)
            lines.append(f"listener {r} {cookie}")
    db.close()

    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    print(f"seeded {args.listeners} listeners and {rooms} posters in {rooms} rooms of {args.room_size}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
