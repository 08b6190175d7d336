#!/usr/bin/python3
"""A mail file as Python's email package reads it, for tests that check a message with a
parser of their own: `parse(path)` gives a dict, `read_mail.py FILE` prints it as JSON.

The dict: subject, from, to, date, message_id (decoded as the email package decodes them),
from_name, from_address, to_name, to_address (the one address's parts),
headers (every [name, value] pair, values decoded), defects (the parser's complaints), text
and html (the first text/plain and text/html parts that are not attachments, or null), and
attachments ([{filename, content_type, data}] with data base64), and inline
([{content_id, content_type, data, related}]: the pictures shown in the HTML, with whether
they sit in the same multipart/related as the HTML).
"""
import base64
import email
import email.policy
import json
import sys


def address(message, header, field):
    """A field of the header's one address, or null."""
    value = message[header]
    addresses = getattr(value, "addresses", ())
    return getattr(addresses[0], field) if len(addresses) == 1 else None


def parse(path):
    with open(path, "rb") as file:
        message = email.message_from_binary_file(file, policy=email.policy.default)
    text = html = None
    attachments = []
    inline = []
    related_ids = set()
    for part in message.walk():
        if part.get_content_type() == "multipart/related":
            related_ids.update(id(child) for child in part.walk())
    defects = [repr(defect) for defect in message.defects]
    for part in message.walk():
        defects += [repr(defect) for defect in part.defects]
        if part.is_multipart():
            continue
        if part.get_content_disposition() == "attachment":
            attachments.append({
                "filename": part.get_filename(),
                "content_type": part.get_content_type(),
                "data": base64.b64encode(part.get_payload(decode=True) or b"").decode(),
            })
        elif part.get_content_disposition() == "inline" and part["content-id"] is not None:
            inline.append({
                "content_id": str(part["content-id"]),
                "content_type": part.get_content_type(),
                "data": base64.b64encode(part.get_payload(decode=True) or b"").decode(),
                "related": id(part) in related_ids,
            })
        elif part.get_content_type() == "text/plain" and text is None:
            text = part.get_content()
        elif part.get_content_type() == "text/html" and html is None:
            html = part.get_content()
    return {
        "subject": str(message["subject"]) if message["subject"] is not None else None,
        "from": str(message["from"]) if message["from"] is not None else None,
        "to": str(message["to"]) if message["to"] is not None else None,
        "date": str(message["date"]) if message["date"] is not None else None,
        "message_id": str(message["message-id"]) if message["message-id"] is not None else None,
        "from_name": address(message, "from", "display_name"),
        "from_address": address(message, "from", "addr_spec"),
        "to_name": address(message, "to", "display_name"),
        "to_address": address(message, "to", "addr_spec"),
        "headers": [[name, str(value)] for name, value in message.items()],
        "defects": defects,
        "text": text,
        "html": html,
        "attachments": attachments,
        "inline": inline,
    }


if __name__ == "__main__":
    print(json.dumps(parse(sys.argv[1])))
