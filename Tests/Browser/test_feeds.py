"""The photographers' Atom feeds of the demo world, read as a feed reader reads them: with
feedparser, an implementation independent of ours, over HTTP (no browser needed).
ProfileFeedTests has the rest: order, escaping, and who sees what."""

import re
import urllib.request

import feedparser

from browser_helpers import WAIT

PHOTOGRAPHERS = ("vojtafoti", "ad.fotograf", "michal1", "lenka.svetlo")


def fetch(url):
    with urllib.request.urlopen(url, timeout=WAIT) as response:
        return response.status, response.headers.get("Content-Type"), response.read()


def test_every_demo_photographer_has_a_valid_atom_feed_that_their_profile_names(base_url):
    for username in PHOTOGRAPHERS:
        status, kind, body = fetch(f"{base_url}/u/{username}/feed.atom")
        assert (status, kind) == (200, "application/atom+xml; charset=utf-8")
        feed = feedparser.parse(body)
        assert not feed.bozo, f"{username}: {feed.bozo_exception}"
        assert feed.version == "atom10"
        assert feed.feed.link == f"{base_url}/u/{username}"
        assert feed.feed.author and feed.feed.updated_parsed
        assert feed.entries, f"{username} has public portfolios, the feed none"
        for entry in feed.entries:
            assert re.fullmatch(re.escape(base_url) + r"/portfolios/\d+", entry.link), entry.link
            assert entry.id == entry.link and entry.title and entry.published_parsed and entry.updated_parsed
            cover = re.search(r'<img [^>]*src="([^"]+)"', entry.content[0].value)
            assert cover and cover.group(1).startswith(f"{base_url}/media/"), entry.content[0].value
            assert fetch(cover.group(1))[0] == 200
        newest = [entry.published_parsed for entry in feed.entries]
        assert newest == sorted(newest, reverse=True), "the newest portfolio comes first"
        _, _, profile = fetch(f"{base_url}/u/{username}")
        assert re.search(rf'<link rel="alternate" type="application/atom\+xml" title="[^"]+" href="/u/{re.escape(username)}/feed\.atom">',
                         profile.decode()), f"{username}'s profile does not name its feed"
