#!/usr/bin/env python3
"""Fills a Fotofolio database (already migrated and seeded with the demo world) with a
large generated feed: 200 more photographers, 300 clients rating them, and 2,000
portfolios of 5 photos each (10,000 photos) with 2–5 tags from a Czech vocabulary. Photo
records reuse the variants of the demo photos, so every card links real image files.

    bench/feed-data.py data/fotofolio.sqlite
"""
import json
import random
import sqlite3
import sys
from datetime import datetime, timedelta, timezone

TAGS = ("svatba portrét praha brno krajina hory město noc architektura jídlo káva produkty zvířata ptáci "
        "koncert festival rodina děti těhotenství ateliér móda sport auto příroda les moře zima léto "
        "podzim jaro černobílá").split()
TOWNS = ["Praha", "Brno", "Plzeň", "Olomouc", "Ostrava", "Liberec", "České Budějovice", "Hradec Králové",
         "Pardubice", "Zlín", "Jihlava", "Kladno", "Velvary"]
NAMES = ["Jan", "Petr", "Lucie", "Tereza", "Martin", "Eva", "Jakub", "Anna", "Tomáš", "Kateřina", "Lukáš", "Veronika"]
SURNAMES = ["Novák", "Svobodová", "Dvořák", "Černá", "Procházka", "Kučerová", "Veselý", "Horáková", "Marek", "Pokorná"]


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def main(path, portfolios=2000, photos_each=5, creators=200, clients=300, seed=7):
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
    for creator in creator_ids:
        for client in rng.sample(client_ids, rng.randint(0, 12)):
            stars = rng.randint(1, 5)
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
    db.commit()
    db.execute("ANALYZE")
    print(f"{portfolios} portfolios, {portfolios * photos_each} photos, {creators} photographers, {clients} clients")


if __name__ == "__main__":
    main(sys.argv[1])
