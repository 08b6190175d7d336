"""A photographer's work in the soak test, on a world that keeps its size: photos uploaded and
made into portfolios, the oldest deleted so each photographer keeps a few; share links made,
opened by a stranger (with and without a password) and revoked; and proofing galleries for a
client, who picks and unpicks, sends the selection and downloads the delivered archive."""
import datetime
import io
import json
import random
import re
import subprocess
import urllib.parse
import uuid as uuids
import zipfile

from client import Visitor

KEPT_PORTFOLIOS = 4  # each photographer's newest by default; the older ones are deleted
TAGS = ["soak", "krajina", "mesto", "portret", "svatba", "praha", "noc", "priroda", "jidlo"]
SHARE_LINK = re.compile(r'/s/([0-9a-f]{48})".*?/links/(\d+)/revoke', re.S)
GALLERY_LINK = re.compile(r"/g/([0-9a-f]{48})")
GALLERY_PHOTO = re.compile(r'data-photo="(\d+)"')
MEDIA_SOURCE = re.compile(r'src="(/media/[^"]+)"')
# A person mistypes a link's password now and then; every wrong one counts against the address
# for an hour (10 are free), so the whole run makes only a few.
WRONG_PASSWORDS = 4


def photographer(person, tally, clock, rate, maker, counts, shelf, kept_count=KEPT_PORTFOLIOS):
    """Uploads a photo every 20–40 s and makes a portfolio of every three; keeps the newest
    `kept_count` and deletes the oldest beyond them; shares every other new one."""
    waiting, kept = [], []
    serial = 0
    clock.pause(2, 20, rate)
    while clock.running():
        try:
            data = maker.make()
        except (OSError, subprocess.SubprocessError) as problem:
            tally.error("upload", "-", "convert", "photo not made", str(problem))
            clock.pause(20, 40, rate)
            continue
        with person.lock:
            status, _, text = person.visitor.upload("/photos", "upload", f"soak-{uuids.uuid4().hex[:8]}.jpg", data)
        if status == 201:
            counts.add("uploads")
            waiting.append(json.loads(text)["id"])
        if len(waiting) >= 3 and clock.running():
            serial += 1
            tags = ", ".join(["soak"] + random.sample(TAGS[1:], 2))
            form = {"name": f"Soak {person.username} {serial}", "description": "Světlo, město, krajina.",
                    "tags": tags, "photo": waiting, "cover": waiting[0]}
            form.update({f"alt-{i}": f"Barevné kruhy {i}" for i in waiting})
            with person.lock:
                status, headers, _ = person.visitor.post("/portfolios", "portfolio-create", form, expect=(303,))
                if status == 303 and "location" in headers:
                    person.visitor.get(headers["location"], "portfolio")
            waiting = []
            if status == 303:
                counts.add("portfolios")
                made = int(urllib.parse.urlsplit(headers["location"]).path.rsplit("/", 1)[1])
                kept.append(made)
                if serial % 2 == 1 and clock.running():
                    share(person, made, tally, counts)
            while len(kept) > kept_count and clock.running():
                delete_portfolio(person, kept.pop(0), counts, shelf)
        clock.pause(20, 40, rate)


def delete_portfolio(person, portfolio_id, counts, shelf):
    """As a browser does: the confirmation page, then its form."""
    path = f"/portfolios/{portfolio_id}/delete"
    with person.lock:
        person.visitor.get(path, "portfolio-delete-form")
        # Guests may still hold its link: from now on their 404 is the right answer.
        shelf.deleting(portfolio_id)
        status, _, _ = person.visitor.post(path, "portfolio-delete", {}, expect=(303,))
    if status == 303:
        counts.add("portfolios_deleted")


def share(person, portfolio_id, tally, counts):
    """Makes a share link (half of them with a password, some with a last day), opens it as
    a stranger would (typing the password, now and then wrongly first), then revokes it and
    checks that it opens nothing any more."""
    path = f"/portfolios/{portfolio_id}/links"
    password = f"Sdilet-{uuids.uuid4().hex[:8]}" if random.random() < 0.5 else ""
    last_day = (datetime.date.today() + datetime.timedelta(days=30)).isoformat() if random.random() < 0.5 else ""
    with person.lock:
        person.visitor.get(path, "share-list")
        status, headers, _ = person.visitor.post(path, "share-create", {"label": f"Pro klienta {portfolio_id}",
                                                                         "lastDay": last_day, "password": password},
                                                 expect=(303,))
        if status != 303:
            return
        _, _, page = person.visitor.get(headers["location"], "share-list")
    made = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["location"]).query).get("made", [""])[0]
    token = next((t for t, link in SHARE_LINK.findall(page) if link == made), None)
    if token is None:
        tally.error("share-list", "GET", path, "link not listed", f"link {made}")
        return
    counts.add("share_links")
    address = f"/s/{token}"
    stranger = Visitor(f"http://{person.visitor.host}:{person.visitor.port}", tally, "stranger")
    try:
        if password:
            _, _, page = stranger.get(address, "share-locked")
            if 'name="password"' not in page:
                tally.error("share-locked", "GET", address, "no password asked", page[:200])
            if counts["share_wrong_passwords"] < WRONG_PASSWORDS and random.random() < 0.3:
                counts.add("share_wrong_passwords")
                stranger.post(address, "share-wrong-password", {"password": "spatne-heslo"}, expect=(403,))
            stranger.post(address, "share-unlock", {"password": password}, expect=(303,))
        for _ in range(random.choice([1, 1, 2, 3])):
            _, _, page = stranger.get(address, "share-open")
            if 'name="password"' in page:
                tally.error("share-open", "GET", address, "still locked", "")
        with person.lock:
            person.visitor.post(f"{path}/{made}/revoke", "share-revoke", {}, expect=(303,))
        stranger.get(address, "share-revoked", expect=(404,))
    finally:
        stranger.close()


# Proofing galleries ------------------------------------------------------------------------------

class Gallery:
    def __init__(self, gallery_id, token, photos):
        self.id, self.token, self.photos = gallery_id, token, photos
        self.picked = set()


def make_gallery(photographer, client, title, pick_limit, count, maker, tally, counts):
    """The photographer's form, `count` photos uploaded one a request (as the page's script
    sends them), and the client's address read from the gallery's page."""
    with photographer.lock:
        photographer.visitor.get("/galleries", "galleries")
        status, headers, _ = photographer.visitor.post("/galleries", "gallery-create", {
            "title": title, "client": client.username, "pickLimit": str(pick_limit or ""),
            "message": "Vyberte prosím ty nejlepší."}, expect=(303,))
    if status != 303:
        raise RuntimeError(f"no gallery {title}: HTTP {status}")
    path = urllib.parse.urlsplit(headers["location"]).path
    counts.add("galleries")
    for number in range(1, count + 1):
        with photographer.lock:
            status, _, _ = photographer.visitor.upload(f"{path}/photos", "gallery-upload", f"DSC_{number:04d}.jpg",
                                                       maker.make(), field="files")
        if status == 201:
            counts.add("gallery_uploads")
    with photographer.lock:
        _, _, page = photographer.visitor.get(path, "gallery")
    token = GALLERY_LINK.search(page)
    if not token:
        raise RuntimeError(f"gallery {path} shows no client address")
    with client.lock:
        _, _, page = client.visitor.get(f"/g/{token.group(1)}", "gallery-client")
    photos = [int(p) for p in dict.fromkeys(GALLERY_PHOTO.findall(page))]
    if len(photos) != count:
        raise RuntimeError(f"gallery {path}: {len(photos)} photos shown, {count} uploaded")
    return Gallery(int(path.rsplit("/", 1)[1]), token.group(1), photos)


def galleries(photographer, client, ledger, tally, clock, rate, maker, counts):
    """Two galleries for a client: one still being chosen from (hearts on and off, the whole
    selection saved or sent), one delivered (its archive downloaded and read through), and
    the photographer looking at both. A fixed number of galleries and photos: a gallery
    cannot be deleted, so none is added during the run."""
    choosing = make_gallery(photographer, client, f"Náhledy {client.username}", 3, 5, maker, tally, counts)
    delivered = make_gallery(photographer, client, f"Hotovo {client.username}", None, 4, maker, tally, counts)
    for photo in delivered.photos[:2]:
        pick(client, delivered, photo, True, photographer, ledger, tally)
    send_picks(client, delivered, photographer, ledger, send=True)
    with photographer.lock:
        status, _, _ = photographer.visitor.post(f"/galleries/{delivered.id}/deliver", "gallery-deliver", {}, expect=(303,))
    if status == 303:
        ledger.gallery_changed(photographer.username, delivered.id)
    clock.pause(5, 20, rate)
    while clock.running():
        chance = random.random()
        if chance < 0.45:
            with client.lock:
                _, _, page = client.visitor.get(f"/g/{choosing.token}", "gallery-client")
            previews = MEDIA_SOURCE.findall(page)
            for source in random.sample(previews, min(2, len(previews))):
                with client.lock:
                    client.visitor.get(source, "gallery-preview")
            photo = random.choice(choosing.photos)
            if photo not in choosing.picked and len(choosing.picked) >= 3:
                photo = random.choice(sorted(choosing.picked))
            pick(client, choosing, photo, photo not in choosing.picked, photographer, ledger, tally)
        elif chance < 0.6 and choosing.picked:
            send_picks(client, choosing, photographer, ledger, send=random.random() < 0.3)
        elif chance < 0.8:
            with photographer.lock:
                photographer.visitor.get("/galleries", "galleries")
                photographer.visitor.get(f"/galleries/{choosing.id}", "gallery")
                photographer.visitor.get(f"/galleries/{choosing.id}", "gallery-tiles", headers={"X-Fragment": "photos"})
                photographer.visitor.get(f"/galleries/{choosing.id}/picks.txt", "gallery-picks-txt")
        else:
            download(client, delivered, tally, counts)
        clock.pause(10, 25, rate)


def pick(client, gallery, photo, picked, photographer, ledger, tally):
    """One heart, as the page's script sends it; the answer's count must be the gallery's."""
    path = f"/g/{gallery.token}/photos/{photo}/pick"
    with client.lock:
        status, _, text = client.visitor.post(path, "gallery-pick", {"picked": "true" if picked else "false",
                                                                      "comment": "Tahle ano" if picked else ""},
                                              headers={"Accept": "application/json"})
    if status != 200:
        return
    ledger.gallery_changed(photographer.username, gallery.id)
    (gallery.picked.add if picked else gallery.picked.discard)(photo)
    count = json.loads(text)["count"]
    if count != len(gallery.picked):
        tally.error("gallery-pick", "POST", path, "wrong count", f"{count} picked, {len(gallery.picked)} expected")


def send_picks(client, gallery, photographer, ledger, send):
    """The form without script: every heart at once, saved or sent."""
    form = {"pick": sorted(gallery.picked)}
    form.update({f"comment-{p}": "Prosím oříznout" for p in gallery.picked})
    if send:
        form["send"] = "1"
    else:
        form["save"] = "1"
    with client.lock:
        status, _, _ = client.visitor.post(f"/g/{gallery.token}/picks", "gallery-picks", form, expect=(303,))
    if status == 303:
        # The selection replaced announces once, sending it once more.
        for _ in range(2 if send else 1):
            ledger.gallery_changed(photographer.username, gallery.id)


def download(client, gallery, tally, counts):
    """The delivered archive, read to its end and checked entry by entry; now and then one photo."""
    path = f"/g/{gallery.token}/download.zip"
    with client.lock:
        status, headers, data = client.visitor.get(path, "gallery-zip", raw=True)
        if status == 200 and random.random() < 0.3:
            client.visitor.get(f"/g/{gallery.token}/photos/{random.choice(gallery.photos[:2])}/download", "gallery-download",
                               raw=True)
    if status != 200:
        return
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            broken = archive.testzip()
            names = archive.namelist()
        if broken is not None or len(names) != 2:
            tally.error("gallery-zip", "GET", path, "bad archive", f"{len(names)} entries, broken {broken}")
            return
    except zipfile.BadZipFile as problem:
        tally.error("gallery-zip", "GET", path, "bad archive", str(problem))
        return
    counts.add("zip_downloads")
    counts.add("zip_bytes", len(data))
