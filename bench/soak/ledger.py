"""What the live streams should have seen: every chat message sent (by uuid) and every change of
a gallery's picks or state (each announces one `gallery` event to its photographer), matched
to the copies the streams received."""
import collections
import threading
import time


class Ledger:
    """Every message sent (by uuid) and every copy the streams received."""

    def __init__(self):
        self.lock = threading.Lock()
        self.members = {}            # room → usernames
        self.sent = {}               # uuid → {"room", "author", "at", "status"}
        self.streams = []
        self.seen = collections.defaultdict(collections.Counter)  # stream index → uuid → copies
        self.latencies = []          # (received at, seconds from the send)
        self.misrouted = 0           # a message of a room the stream's person is not in
        self.unknown = 0             # a message nobody here sent
        self.gallery_changes = []    # (at, photographer, gallery): each change announces one event
        self.gallery_seen = collections.defaultdict(collections.Counter)  # stream index → event id → copies
        self.gallery_by_stream = collections.defaultdict(collections.Counter)  # stream index → gallery → events
        self.resets = 0              # `reset` events: the live log no longer reached back
        self.updates_seen = collections.defaultdict(collections.Counter)  # stream index → event id → copies
        self.card_updates = 0        # events of cards announced again, once per stream
        self.first_event = {}        # (stream index, uuid) → the event id that brought it first
        self.duplicate_examples = []

    def add_stream(self, stream):
        with self.lock:
            stream.index = len(self.streams)
            self.streams.append(stream)

    def will_send(self, message_uuid, room, author):
        with self.lock:
            self.sent[message_uuid] = {"room": room, "author": author, "at": time.monotonic(), "status": None}

    def answered(self, message_uuid, status):
        with self.lock:
            if status in (200, 201) or self.sent[message_uuid]["status"] not in (200, 201):
                self.sent[message_uuid]["status"] = status

    def on_message(self, stream, data, received_at):
        with self.lock:
            message_uuid = data.get("uuid")
            if data.get("changed"):
                # A shoot's card announced again because the shoot moved on (an offer, a
                # booking): a new event of a message already seen, each event seen once.
                updates = self.updates_seen[stream.index]
                updates[stream.last_event_id] += 1
                if updates[stream.last_event_id] == 1:
                    self.card_updates += 1
                if message_uuid not in self.sent:
                    self.unknown += 1
                elif self.sent[message_uuid]["room"] not in stream.rooms or data.get("roomId") != self.sent[message_uuid]["room"]:
                    self.misrouted += 1
                return
            copies = self.seen[stream.index]
            copies[message_uuid] += 1
            first_id = self.first_event.setdefault((stream.index, message_uuid), stream.last_event_id)
            if copies[message_uuid] > 1 and len(self.duplicate_examples) < 10:
                sent = self.sent.get(message_uuid, {})
                self.duplicate_examples.append(
                    f"{message_uuid} (room {data.get('roomId')}, message {data.get('id')}, by {sent.get('author')}) on "
                    f"{stream.label}: event {first_id}, then event {stream.last_event_id}")
            sent = self.sent.get(message_uuid)
            if sent is None:
                self.unknown += 1
                return
            if sent["room"] not in stream.rooms or data.get("roomId") != sent["room"]:
                self.misrouted += 1
            if copies[message_uuid] == 1:
                self.latencies.append((received_at, received_at - sent["at"]))

    def gallery_changed(self, photographer, gallery):
        with self.lock:
            self.gallery_changes.append((time.monotonic(), photographer, gallery))

    def on_other(self, stream, kind, event_id, envelope):
        with self.lock:
            if kind == "reset":
                self.resets += 1
            elif kind == "gallery":
                self.gallery_seen[stream.index][event_id] += 1
                if self.gallery_seen[stream.index][event_id] == 1:
                    self.gallery_by_stream[stream.index][envelope["data"]["gallery"]] += 1

    def count_galleries(self, before=None):
        """(events expected, seen, lost, duplicated, seen beyond the changes made): every change
        made before `before` (monotonic) on every stream of its photographer. A stream that saw
        fewer events of a gallery than changes were made lost the difference."""
        with self.lock:
            expected_by = collections.Counter((p, g) for at, p, g in self.gallery_changes if before is None or at <= before)
            expected = seen = lost = extra = 0
            for stream in self.streams:
                for (photographer, gallery), made in expected_by.items():
                    if stream.username != photographer:
                        continue
                    got = self.gallery_by_stream[stream.index][gallery]
                    expected += made
                    seen += min(got, made)
                    lost += max(0, made - got)
                    if before is None:
                        extra += max(0, got - made)
            duplicated = sum(n - 1 for copies in self.gallery_seen.values() for n in copies.values() if n > 1)
            return expected, seen, lost, duplicated, extra

    def count(self, before=None):
        """(messages confirmed, deliveries expected, seen, lost, duplicated, messages with a loss,
        lost examples) over the messages confirmed and sent before `before` (monotonic)."""
        with self.lock:
            confirmed = expected = seen = lost = messages_lost = 0
            examples = []
            for message_uuid, sent in self.sent.items():
                if sent["status"] not in (200, 201) or (before is not None and sent["at"] > before):
                    continue
                confirmed += 1
                missing = []
                for stream in self.streams:
                    if stream.username not in self.members[sent["room"]]:
                        continue
                    expected += 1
                    if self.seen[stream.index][message_uuid]:
                        seen += 1
                    else:
                        missing.append(stream.label)
                lost += len(missing)
                if missing:
                    messages_lost += 1
                    if len(examples) < 10:
                        examples.append(f"{message_uuid} (room {sent['room']}, by {sent['author']}) missing on {', '.join(missing)}")
            duplicated = sum(n - 1 for seen in (self.seen, self.updates_seen) for copies in seen.values()
                             for n in copies.values() if n > 1)
            return confirmed, expected, seen, lost, duplicated, messages_lost, examples

    def latencies_between(self, start, end):
        with self.lock:
            return [seconds for at, seconds in self.latencies if start <= at < end]
