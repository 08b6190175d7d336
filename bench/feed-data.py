#!/usr/bin/env python3
"""Fills a Fotofolio database (already migrated and seeded with the demo world) with a
large generated feed: 200 more photographers, 300 clients rating them, and 2,000
portfolios of 5 photos each (10,000 photos) with 2–5 tags from a Czech vocabulary. Photo
records reuse the variants of the demo photos, so every card links real image files.

With `--demands N` every photographer also gets busy days in the next two months, and, where
the schema has demands (migration v30), the generated clients post N open demands: one to
three tags, weighted towards the shoots people ask for, in a town weighted towards the large
ones, on one to three days from two to sixty days ahead, open for offers until a day before
their first. A database without the `demand` table gets the same world without them, so the
same command fills the databases of binaries from before and after demands alike.

    bench/feed-data.py data/fotofolio.sqlite
    bench/feed-data.py data/fotofolio.sqlite --demands 500
"""
import argparse
import json
import random
import sqlite3
import sys
import uuid
from datetime import datetime, timedelta, timezone

TAGS = ("svatba portrét praha brno krajina hory město noc architektura jídlo káva produkty zvířata ptáci "
        "koncert festival rodina děti těhotenství ateliér móda sport auto příroda les moře zima léto "
        "podzim jaro černobílá").split()
TOWNS = ["Praha", "Brno", "Plzeň", "Olomouc", "Ostrava", "Liberec", "České Budějovice", "Hradec Králové",
         "Pardubice", "Zlín", "Jihlava", "Kladno", "Velvary"]
NAMES = ["Jan", "Petr", "Lucie", "Tereza", "Martin", "Eva", "Jakub", "Anna", "Tomáš", "Kateřina", "Lukáš", "Veronika"]
SURNAMES = ["Novák", "Svobodová", "Dvořák", "Černá", "Procházka", "Kučerová", "Veselý", "Horáková", "Marek", "Pokorná"]


# What clients ask for, with a weight each, and where (Praha the most).
DEMAND_TAGS = {"svatba": 8, "portrét": 6, "rodina": 5, "děti": 3, "těhotenství": 2, "produkty": 4, "ateliér": 2,
               "móda": 2, "koncert": 2, "festival": 2, "sport": 2, "jídlo": 2, "architektura": 1, "zvířata": 1,
               "auto": 1, "příroda": 1, "město": 1}
DEMAND_TOWNS = {"Praha": 25, "Brno": 12, "Plzeň": 6, "Olomouc": 5, "Ostrava": 8, "Liberec": 4, "České Budějovice": 4,
                "Hradec Králové": 4, "Pardubice": 3, "Zlín": 3, "Jihlava": 2, "Kladno": 2, "Velvary": 1}
DEMAND_TEXTS = ["Hledám fotografa na celý den, hlavně lidi a atmosféru, stačí výběr upravených fotek do dvou týdnů.",
                "Potřebujeme pár desítek fotek pro web a sociální sítě, přirozené světlo, bez velkého aranžování.",
                "Malá akce pro rodinu a přátele, asi třicet lidí; chceme momentky i pár společných fotek.",
                ""]


def fold(text):
    return text.lower().translate(str.maketrans("áčďéěíňóřšťúůýž", "acdeeinorstuuyz"))


def weighted_sample(rng, weights, count):
    pool = dict(weights)
    chosen = []
    for _ in range(min(count, len(pool))):
        pick = rng.choices(list(pool), weights=list(pool.values()))[0]
        chosen.append(pick)
        del pool[pick]
    return chosen


def add_demands(db, count, client_ids, now, seed):
    """Busy days for every photographer (both schemas), then `count` open demands where the schema has them."""
    rng = random.Random(seed * 1000 + 30)
    today = now.date()
    photographers = [row[0] for row in db.execute("SELECT id FROM user WHERE role = 'creator'")]
    busy = 0
    for photographer in photographers:
        for offset in rng.sample(range(1, 61), 8):
            busy += db.execute("INSERT OR IGNORE INTO busyDay (photographerId, day) VALUES (?, ?)",
                               (photographer, (today + timedelta(days=offset)).isoformat())).rowcount
    if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'demand'").fetchone():
        return f"{busy} busy days; no demand table: no demands"
    for n in range(count):
        first = rng.randint(2, 60)
        last = first + rng.choice((0, 0, 0, 1, 2))
        open_until = rng.randint(1, min(first - 1, 30))
        town = rng.choices(list(DEMAND_TOWNS), weights=list(DEMAND_TOWNS.values()))[0]
        created = now - timedelta(minutes=n * 23 + rng.random())
        demand = db.execute(
            "INSERT INTO demand (uuid, clientId, firstDay, lastDay, town, townKey, hours, budget, description, openUntil, createdAt)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (str(uuid.UUID(int=rng.getrandbits(128), version=4)), rng.choice(client_ids),
             (today + timedelta(days=first)).isoformat(), (today + timedelta(days=last)).isoformat(), town, fold(town),
             rng.randint(1, 8), rng.randrange(500, 3001, 100), rng.choice(DEMAND_TEXTS),
             (today + timedelta(days=open_until)).isoformat(), stamp(created))).lastrowid
        for position, tag in enumerate(weighted_sample(rng, DEMAND_TAGS, rng.choice((1, 1, 2, 2, 3)))):
            db.execute("INSERT INTO demandTag (demandId, position, label, folded) VALUES (?, ?, ?, ?)",
                       (demand, position, tag, fold(tag)))
    return f"{busy} busy days, {count} open demands"


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def main(path, portfolios=2000, photos_each=5, creators=200, clients=300, seed=7, demands=None):
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys = ON")
    password_hash = db.execute("SELECT passwordHash FROM user LIMIT 1").fetchone()[0]
    template_photos = db.execute("SELECT variants, placeholderColor, originalFile, width, height FROM photo").fetchall()
    if not template_photos:
        sys.exit("seed the demo world first: fotofolio seed --data-dir …")
    now = datetime.now(timezone.utc)

    def add_user(username, role):
        full_name = f"{rng.choice(NAMES)} {rng.choice(SURNAMES)}"
        cursor = db.execute(
            "INSERT INTO user (username, fullName, email, location, role, bio, yearsOfExperience, priceByAgreement,"
            " passwordHash, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (username, full_name, f"{username}@bench.example", rng.choice(TOWNS), role,
             "Fotím lidi, místa a světlo." if role == "creator" else None,
             rng.randint(1, 30) if role == "creator" else None, 1 if role == "creator" else 0, password_hash, stamp(now)))
        return cursor.lastrowid

    creator_ids = [add_user(f"bench.foto{n}", "creator") for n in range(creators)]
    client_ids = [add_user(f"bench.klient{n}", "client") for n in range(clients)]
    ratings = {}
    # Ratings by anyone (the ratings migration) have their first moment and a basis.
    rating_basis = "basis" in {column[1] for column in db.execute("PRAGMA table_info(rating)")}
    for creator in creator_ids:
        for client in rng.sample(client_ids, rng.randint(0, 12)):
            stars = rng.randint(1, 5)
            if rating_basis:
                db.execute("INSERT INTO rating (raterId, ratedId, stars, createdAt, updatedAt, basis) VALUES (?, ?, ?, ?, ?, 'none')",
                           (client, creator, stars, stamp(now), stamp(now)))
            else:
                db.execute("INSERT INTO rating (raterId, ratedId, stars, updatedAt) VALUES (?, ?, ?, ?)",
                           (client, creator, stars, stamp(now)))
            ratings.setdefault(creator, []).append(stars)
    for creator, given in ratings.items():
        db.execute("UPDATE user SET ratingCount = ?, ratingSum = ? WHERE id = ?", (len(given), sum(given), creator))
    average = {c: round(sum(g) / len(g), 3) for c, g in ratings.items()}

    for n in range(portfolios):
        owner = rng.choice(creator_ids)
        created = now - timedelta(minutes=n * 7 + rng.random())
        cursor = db.execute(
            "INSERT INTO portfolio (ownerId, name, description, hidesShotDetails, createdAt, updatedAt, authorRating)"
            " VALUES (?, ?, ?, 0, ?, ?, ?)",
            (owner, f"Portfolio {n}", "Výběr z posledních zakázek: světlo, lidé a místa, která mám rád.",
             stamp(created), stamp(created), average.get(owner, 0)))
        portfolio = cursor.lastrowid
        for position in range(photos_each):
            variants, color, original, width, height = rng.choice(template_photos)
            photo = db.execute(
                "INSERT INTO photo (ownerId, originalFile, format, width, height, byteCount, placeholderColor,"
                " cropCenterX, cropCenterY, cropZoom, variants, shot, createdAt)"
                " VALUES (?, ?, 'jpeg', ?, ?, 1, ?, 0.5, 0.5, 1, ?, '{}', ?)",
                (owner, original, width, height, color, variants, stamp(created))).lastrowid
            db.execute("INSERT INTO portfolioPhoto (portfolioId, photoId, position, altText) VALUES (?, ?, ?, ?)",
                       (portfolio, photo, position, f"Fotka {position + 1}"))
        for position, tag in enumerate(rng.sample(TAGS, rng.randint(2, 5))):
            folded = tag.translate(str.maketrans("áčďéěíňóřšťúůýž", "acdeeinorstuuyz"))
            db.execute("INSERT INTO portfolioTag (portfolioId, position, label, folded) VALUES (?, ?, ?, ?)",
                       (portfolio, position, tag, folded))
    extra = "" if demands is None else "; " + add_demands(db, demands, client_ids, now, seed)
    db.commit()
    db.execute("ANALYZE")
    print(f"{portfolios} portfolios, {portfolios * photos_each} photos, {creators} photographers, {clients} clients{extra}")


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description="Fills a seeded Fotofolio database with a large generated feed.")
    arguments.add_argument("database")
    arguments.add_argument("--demands", type=int, metavar="N", help="busy days, and N open demands where the schema has them")
    options = arguments.parse_args()
    main(options.database, demands=options.demands)
