"""The demo site as search engines read it, each part with a parser independent of ours:
robots.txt with Python's urllib.robotparser, the sitemaps with xml.etree against the
sitemap protocol's rules, the pages' hreflang links crawled in both languages, and the
structured data with extruct (the JSON-LD in the HTML) and PyLD (expanded against
schema.org's vocabulary). A film opened at a moment (`?t=`) lands on that frame in a browser.
SitemapTests and StructuredDataTests have the rest: the split above 50,000 addresses, and
nothing unlisted, hidden or suspended in any of it."""

import html.parser
import re
import urllib.parse
import urllib.request
import urllib.robotparser
import xml.etree.ElementTree as ElementTree
from datetime import datetime

import extruct
import pytest
from pyld import jsonld
from selenium.webdriver.common.by import By

from browser_helpers import WAIT, wait_until
from test_film import seconds_of

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
FRAME = 1 / 25  # the demo film's rate


def fetch(url):
    """A crawler's request: no cookie, no Accept-Language, no redirect followed."""
    class Refused(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None
    opener = urllib.request.build_opener(Refused)
    try:
        with opener.open(url, timeout=WAIT) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def sitemap_files(base_url):
    status, headers, body = fetch(base_url + "/sitemap.xml")
    assert status == 200 and headers["Content-Type"] == "application/xml; charset=utf-8"
    index = ElementTree.fromstring(body)
    assert index.tag == SITEMAP + "sitemapindex"
    return [element.text for element in index.findall(f"{SITEMAP}sitemap/{SITEMAP}loc")]


def test_robots_allow_what_the_sitemaps_list_and_keep_crawlers_from_private_pages(base_url):
    robots = urllib.robotparser.RobotFileParser(base_url + "/robots.txt")
    robots.read()
    assert robots.site_maps() == [base_url + "/sitemap.xml"]
    files = sitemap_files(base_url)
    for file in files:
        assert robots.can_fetch("Googlebot", file), file
        for url in ElementTree.fromstring(fetch(file)[2]).iter(SITEMAP + "loc"):
            assert robots.can_fetch("Googlebot", url.text), url.text
    for private in ("/messages", "/messages/3", "/profile/edit", "/s/abc", "/g/abc", "/galleries/1", "/moderation",
                    "/bookings", "/calendar/x/bookings.ics", "/selection", "/login", "/portfolios/new"):
        assert not robots.can_fetch("Googlebot", base_url + private), private
    for public in ("/", "/en/", "/u/michal1", "/en/u/michal1", "/portfolios/3", "/search", "/u/michal1/feed.atom"):
        assert robots.can_fetch("Googlebot", base_url + public), public


def test_every_sitemap_keeps_the_protocols_rules_and_names_each_page_in_both_languages(base_url):
    files = sitemap_files(base_url)
    assert files[0] == base_url + "/sitemaps/pages.xml"
    entries = {}
    for file in files:
        assert file.startswith(base_url + "/sitemaps/")
        status, headers, body = fetch(file)
        assert status == 200 and len(body) <= 50 * 1024 * 1024
        urlset = ElementTree.fromstring(body)
        assert urlset.tag == SITEMAP + "urlset"
        urls = urlset.findall(SITEMAP + "url")
        assert 0 < len(urls) <= 50_000
        for url in urls:
            location = url.find(SITEMAP + "loc").text
            # Absolute, on this site, at most 2,048 characters, listed once.
            assert location.startswith(base_url + "/") and len(location) <= 2048 and location not in entries
            lastmod = url.find(SITEMAP + "lastmod")
            if lastmod is not None:
                datetime.fromisoformat(lastmod.text.replace("Z", "+00:00"))
            entries[location] = {link.get("hreflang"): link.get("href") for link in url.findall(XHTML + "link")}
    for location, alternates in entries.items():
        assert set(alternates) == {"cs", "en", "x-default"}, location
        assert location in (alternates["cs"], alternates["en"])
        # Each alternate is listed with the same alternates: the pairs point at each other.
        for language in ("cs", "en"):
            assert entries.get(alternates[language]) == alternates, f"{location} → {alternates[language]}"
        assert alternates["en"] == alternates["cs"].replace(base_url, base_url + "/en", 1)
    photographers = {urllib.parse.urlsplit(location).path for location in entries if "/u/" in location}
    assert {"/u/michal1", "/en/u/michal1", "/u/ad.fotograf", "/u/vojtafoti"} <= photographers
    assert not any(path.endswith(("/u/jana.k", "/u/eva.s")) for path in photographers), "clients are not listed"
    # Every listed page opens for a crawler, in its language.
    for location in list(entries)[:40]:
        status, headers, _ = fetch(location)
        assert status == 200, location
        assert headers["Content-Language"] == ("en" if "/en/" in location or location.endswith("/en") else "cs"), location


class HeadLinks(html.parser.HTMLParser):
    """The canonical and hreflang links of a page's head, and the links of its body."""

    def __init__(self):
        super().__init__()
        self.canonical, self.alternates, self.links, self.lang = None, {}, [], None

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if tag == "html":
            self.lang = attributes.get("lang")
        elif tag == "link" and attributes.get("rel") == "canonical":
            self.canonical = attributes["href"]
        elif tag == "link" and attributes.get("rel") == "alternate" and attributes.get("hreflang"):
            self.alternates[attributes["hreflang"]] = attributes["href"]
        elif tag == "a" and attributes.get("href", "").startswith("/"):
            self.links.append(attributes["href"].split("#")[0])


def read_head(url):
    status, _, body = fetch(url)
    assert status == 200, url
    page = HeadLinks()
    page.feed(body.decode())
    return page


PUBLIC = re.compile(r"^(/en)?(/|/search|/u/[^/?]+|/portfolios/\d+)$")


def test_hreflang_pairs_are_reciprocal_on_every_public_page_in_both_languages(base_url):
    """Crawls the demo from the feed in each language, as a crawler would (no cookie, no
    Accept-Language), and checks every public page it reaches."""
    seen, waiting = set(), ["/", "/en/"]
    while waiting and len(seen) < 60:
        path = waiting.pop(0)
        if path in seen:
            continue
        seen.add(path)
        page = read_head(base_url + path)
        english = path == "/en/" or path.startswith("/en/")
        assert page.lang == ("en" if english else "cs"), path
        assert page.canonical == base_url + path, path
        assert set(page.alternates) == {"cs", "en", "x-default"}, path
        assert page.alternates["en" if english else "cs"] == base_url + path
        assert page.alternates["x-default"] == page.alternates["cs"]
        for language in ("cs", "en"):
            other = read_head(page.alternates[language])
            assert other.alternates == page.alternates, f"{path}: the {language} page does not point back"
        # A page's links to public pages stay in its language.
        for link in page.links:
            if PUBLIC.match(link.split("?")[0]) or PUBLIC.match(link.split("?")[0].removeprefix("/en")):
                assert link.startswith("/en") == english or link.split("?")[0] in ("/en", "/en/"), f"{path} links {link}"
                if "?" not in link:
                    waiting.append(link)
    assert {"/u/michal1", "/en/u/michal1"} <= seen and any(path.startswith("/en/portfolios/") for path in seen)


def local_schema_org(url, options=None):
    """schema.org's context, whose vocabulary is all its terms, without the network."""
    assert url.rstrip("/") in ("https://schema.org", "http://schema.org"), url
    return {"contextUrl": None, "documentUrl": url, "document": {"@context": {"@vocab": "https://schema.org/"}}}


def structured(base_url, path):
    _, _, body = fetch(base_url + path)
    found = extruct.extract(body.decode(), base_url=base_url + path, syntaxes=["json-ld"], uniform=True)["json-ld"]
    assert len(found) == 1, path
    expanded = jsonld.expand(found[0], {"documentLoader": local_schema_org})
    return found[0], expanded[0]


S = "https://schema.org/"


def values(node, name):
    return [value.get("@value", value.get("@id", value)) for value in node.get(S + name, [])]


def test_structured_data_reads_as_schema_org_with_extruct_and_pyld(base_url):
    # A photographer's profile: a ProfilePage about a Person.
    page, expanded = structured(base_url, "/en/u/michal1")
    assert expanded["@type"] == [S + "ProfilePage"]
    person = expanded[S + "mainEntity"][0]
    assert person["@type"] == [S + "Person"]
    assert values(person, "name") and values(person, "alternateName") == ["@michal1"]
    assert values(person, "knowsAbout"), "the kinds of work"
    assert values(person[S + "homeLocation"][0][S + "address"][0], "addressLocality")
    # A portfolio's photos: ImageObjects with who made them and on what terms.
    profile_links = read_head(base_url + "/u/michal1").links
    portfolios = sorted({link for link in profile_links if re.fullmatch(r"/portfolios/\d+", link)})
    images = films = 0
    for portfolio in portfolios:
        page, expanded = structured(base_url, portfolio)
        assert expanded["@type"] == [S + "ImageGallery"]
        assert values(expanded, "url") == [base_url + portfolio]
        for media in expanded[S + "associatedMedia"]:
            assert values(media, "creditText") and values(media, "copyrightNotice") and media[S + "creator"]
            assert values(media, "acquireLicensePage") == [base_url + "/u/michal1"]
            assert values(media, "contentUrl")[0].startswith(base_url + "/media/")
            if media["@type"] == [S + "ImageObject"]:
                images += 1
            else:
                assert media["@type"] == [S + "VideoObject"]
                films += 1
                assert re.fullmatch(r"PT(\d+M)?\d+(\.\d+)?S", values(media, "duration")[0])
                assert values(media, "thumbnailUrl") and values(media, "uploadDate")
                action = media[S + "potentialAction"][0]
                assert action["@type"] == [S + "SeekToAction"]
                assert re.fullmatch(re.escape(base_url + portfolio) + r"\?film=\d+&t=\{seek_to_second_number\}", values(action, "target")[0])
    assert images and films, "michal1 shows photos and the demo film"


def test_a_licensed_photo_names_its_licence(base_url):
    """Every demo photo under Creative Commons (its own credit, or the author's terms) links them."""
    found = 0
    for file in sitemap_files(base_url):
        if "/portfolios-" not in file:
            continue
        for url in ElementTree.fromstring(fetch(file)[2]).iter(SITEMAP + "loc"):
            if "/en/" in url.text:
                continue
            _, expanded = structured(base_url, urllib.parse.urlsplit(url.text).path)
            for media in expanded[S + "associatedMedia"]:
                for licence in values(media, "license"):
                    assert licence.startswith("https://creativecommons.org/"), licence
                    found += 1
    assert found, "the demo has Creative Commons photos"


@pytest.mark.engines("chromium", "firefox")
def test_a_film_opened_at_a_moment_lands_on_that_frame(open_browser, base_url):
    driver = open_browser(language="en")
    portfolio = next(link for link in read_head(base_url + "/u/michal1").links if re.fullmatch(r"/portfolios/\d+", link)
                     and "data-film" in fetch(base_url + link)[2].decode())
    driver.get(f"{base_url}/en{portfolio}?t=0:05.250")
    time_field = driver.find_element(By.CSS_SELECTOR, "[data-film-goto]")
    wait_until(lambda: driver.execute_script("return document.querySelector('[data-film] video').readyState >= 2"),
               timeout=WAIT * 3, message="the film did not load")
    frame = lambda: int(driver.execute_script("return document.querySelector('[data-film] video').currentTime") / FRAME)
    wait_until(lambda: frame() == int(5.25 / FRAME), message="the film did not open at 0:05.250")
    assert abs(seconds_of(time_field.get_attribute("value")) - 5.25) < FRAME / 2
    assert abs(driver.execute_script("return document.querySelector('[data-film] [data-precise-slider]').preciseSlider.value") - 5.25) < FRAME
    assert driver.execute_script("return document.querySelector('[data-film] video').paused")
