"""Proofing galleries, in browsers: a photographer makes a gallery for a client's account
with a limit of two picks and uploads six photos at once through the form, with one
progress bar; the client opens it from /galleries, hearts one photo with a click and
another with a double click on the photo, while the photographer's open page shows each
pick as it happens; a third pick is refused with the limit's sentence; the client adds a
note and sends the choice; the photographer delivers, and the client's ZIP (fetched with
the browser's session and read by zipfile) holds the picked files with the licence in their
XMP (read by exiftool). The same choice without scripts through the plain form. The pages
on a phone and a desktop, light and dark, saved and through axe."""

import io
import json
import re
import subprocess
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser_helpers import (DESKTOP, STRINGS, WAIT, axe_report, bring_into_view, click, click_and_wait_for_next_page,
                             field_errors, heading, http_status_of_page, javascript_is_off, path_of, pictures,
                             plural_form, type_into, wait_until)
from live_client import Person

DEMO_PHOTOS = Path(__file__).resolve().parents[2] / "Demo" / "photos"
# Six of the smaller demo photos: each is resized and watermarked on upload.
PHOTOS = ["animals-cat-chelsea.jpg", "food-espresso-cup.jpg", "people-cameraman-black-and-white.jpg",
          "products-dutar-lute.jpg", "people-grace-hopper-portrait.jpg", "events-folk-band-on-stage.jpg"]
UPLOAD_WAIT = 120  # seconds: six photos through libvips, with previews, in a debug build on two cores
LIVE_WAIT = 15  # seconds for a pick to reach the photographer's open page


def texts(language):
    return STRINGS[language]["galleries"]


def counted(language, key, count, **more):
    text = texts(language)[key][plural_form(language, count)].replace("{count}", str(count))
    for name, value in more.items():
        text = text.replace("{" + name + "}", str(value))
    return text


# The photographer's side ----------------------------------------------------------------------------

def new_gallery(driver, base_url, title, client, limit, message):
    """Makes a gallery through the form on /galleries; returns its id and the client's address."""
    driver.get(base_url + "/galleries")
    type_into(driver, "field-title", title)
    type_into(driver, "field-client", client)
    type_into(driver, "field-pickLimit", str(limit))
    type_into(driver, "field-message", message)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-gallery-create]"))
    match = re.fullmatch(r"/galleries/(\d+)", path_of(driver))
    assert match, f"the gallery was not made: {field_errors(driver)}"
    assert heading(driver) == title
    address = driver.find_element(By.ID, "gallery-link").get_attribute("value")
    assert re.fullmatch(r"https?://[^/]+/g/[A-Za-z0-9_-]{16,}", address), address
    return int(match.group(1)), address


# What the upload's status line said, with the progress bar, kept across the page load that
# ends the upload (the script says "uploaded" and loads the page again at once).
RECORD_UPLOAD = """
    const form = document.querySelector("[data-gallery-upload]");
    const status = form.querySelector("[data-upload-status]");
    const progress = form.querySelector("[data-upload-progress]");
    sessionStorage.setItem("upload", "[]");
    new MutationObserver(() => {
      const seen = JSON.parse(sessionStorage.getItem("upload"));
      seen.push({ text: status.textContent, value: progress.value, max: progress.max, hidden: progress.hidden });
      sessionStorage.setItem("upload", JSON.stringify(seen));
    }).observe(status, { childList: true, characterData: true, subtree: true });"""


def tiles(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-gallery-photos] [data-gallery-tile]")


def tile(driver, photo):
    return driver.find_element(By.CSS_SELECTOR, f"[data-gallery-tile][data-photo='{photo}']")


def picked_on_page(driver):
    """The photos whose tiles show as picked, read in one script: a live update replaces
    tiles, so elements found in one call may be gone by the next."""
    return set(driver.execute_script("""return [...document.querySelectorAll(
        "[data-gallery-photos] [data-gallery-tile].gallery-tile--picked")].map((tile) => tile.dataset.photo)"""))


def summary(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-gallery-summary]").text


def mark_page(driver):
    driver.execute_script("window.samePage = true")


def still_the_same_page(driver):
    return driver.execute_script("return window.samePage === true")


# The client's side --------------------------------------------------------------------------------

def open_from_list(driver, base_url, title):
    driver.get(base_url + "/galleries")
    [link] = [a for a in driver.find_elements(By.CSS_SELECTOR, "[data-client-galleries] a") if a.text == title]
    click_and_wait_for_next_page(driver, link)


def heart(driver, photo):
    """The heart's label (its checkbox is see-through over it), as a finger presses it."""
    click(driver, tile(driver, photo).find_element(By.CSS_SELECTOR, "label.gallery-heart"))


def pick_box(driver, photo):
    return tile(driver, photo).find_element(By.CSS_SELECTOR, "[data-pick]")


def problem(driver):
    found = [p for p in driver.find_elements(By.CSS_SELECTOR, "[data-gallery-problem]") if p.is_displayed()]
    return found[0].text if found else None


def fetch(url, cookies):
    request = urllib.request.Request(url)
    request.add_header("Cookie", "; ".join(f"{name}={value}" for name, value in cookies.items()))
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def browser_cookies(driver):
    return {cookie["name"]: cookie["value"] for cookie in driver.get_cookies()}


def xmp(path):
    """The XMP rights of a file, as exiftool reads them."""
    output = subprocess.run(["exiftool", "-json", "-XMP-dc:Rights", "-XMP-xmpRights:all", "-XMP-dc:Creator", str(path)],
                            check=True, capture_output=True, text=True, timeout=60).stdout
    return json.loads(output)[0]


# The whole path ------------------------------------------------------------------------------------

@pytest.mark.engines("chromium", "firefox")
def test_the_client_picks_within_the_limit_live_on_the_photographers_page_and_downloads_the_delivery(
        open_browser, base_url, sign_up, screenshots_dir, tmp_path):
    found = []
    studio = open_browser(size=DESKTOP, language="cs")
    photographer = sign_up(studio)
    client = open_browser(size=DESKTOP, language="en")
    customer = sign_up(client, role="client", full_name="Petra Dvořáková")
    title = f"Svatba Dvořákových {customer.username[-6:]}"
    gallery, address = new_gallery(studio, base_url, title, customer.username, 2,
                                   "Dobrý den, vyberte prosím dvě fotky do alba.")
    cs, en = texts("cs"), texts("en")
    assert studio.find_element(By.CSS_SELECTOR, "[data-gallery-state]").text == cs["state"]["proofing"]
    assert not tiles(studio)

    # Six files at once through the form, with the script: one bar, then the page with them.
    studio.execute_script(RECORD_UPLOAD)
    files = studio.find_element(By.CSS_SELECTOR, "[data-gallery-files]")
    files.send_keys("\n".join(str(DEMO_PHOTOS / name) for name in PHOTOS))
    click(studio, studio.find_element(By.CSS_SELECTOR, "[data-upload-button]"))
    wait_until(lambda: "added=" in studio.current_url and studio.find_elements(By.CSS_SELECTOR, "[data-gallery-notice]"),
               UPLOAD_WAIT, "the upload did not end on the gallery's page")
    seen = studio.execute_script("return JSON.parse(sessionStorage.getItem('upload'))")
    assert seen, "the status line never spoke"
    assert seen[0]["text"] == cs["uploading"].replace("{done}", "0").replace("{count}", "6")
    assert not seen[0]["hidden"] and seen[0]["max"] == 6
    assert seen[-1]["text"] == cs["uploaded"].replace("{done}", "6").replace("{count}", "6"), seen
    assert seen[-1]["value"] == 6
    assert studio.find_element(By.CSS_SELECTOR, "[data-gallery-notice]").text == counted("cs", "added", 6)
    # Two go at a time, so they line up as they arrive, not as chosen.
    names = [t.find_element(By.CSS_SELECTOR, ".gallery-tile__name").text for t in tiles(studio)]
    assert sorted(names) == sorted(PHOTOS)
    photos = [t.get_attribute("data-photo") for t in tiles(studio)]
    wait_until(lambda: studio.execute_script(
        "return [...document.querySelectorAll('[data-gallery-tile] img')].every((i) => i.complete && i.naturalWidth > 0)"),
        WAIT, "the watermarked previews did not load")
    wait_until(lambda: studio.execute_script("return document.body.dataset.liveRole") == "leader", WAIT,
               "the photographer's page did not follow live events")
    mark_page(studio)

    # The client finds it among their galleries; the photographer's address is the same page.
    open_from_list(client, base_url, title)
    assert client.current_url == address
    assert [t.get_attribute("data-photo") for t in tiles(client)] == photos
    assert summary(client) == counted("en", "pickedOf", 0, limit=2)
    mark_page(client)

    # One heart with a click.
    heart(client, photos[0])
    wait_until(lambda: summary(client) == counted("en", "pickedOf", 1, limit=2), WAIT, "the first pick was not counted")
    assert pick_box(client, photos[0]).is_selected()
    wait_until(lambda: picked_on_page(studio) == {photos[0]}, LIVE_WAIT,
               f"the first pick did not reach the photographer's open page: {picked_on_page(studio)}")

    # Another with a double click on the photo itself, which opens nothing.
    image = tile(client, photos[3]).find_element(By.CSS_SELECTOR, "[data-gallery-image]")
    bring_into_view(client, image)
    ActionChains(client).double_click(image).perform()
    wait_until(lambda: summary(client) == counted("en", "pickedOf", 2, limit=2), WAIT, "the double click picked nothing")
    assert pick_box(client, photos[3]).is_selected()
    assert picked_on_page(client) == {photos[0], photos[3]}
    wait_until(lambda: picked_on_page(studio) == {photos[0], photos[3]}, LIVE_WAIT,
               f"the second pick did not reach the photographer's open page: {picked_on_page(studio)}")
    assert summary(studio) == counted("cs", "pickedOf", 2, limit=2)
    assert still_the_same_page(studio), "the photographer's page was loaded anew"

    # A third is refused with the limit's sentence and stays unpicked.
    heart(client, photos[5])
    limit_sentence = en["problems"]["limit"][plural_form("en", 2)].replace("{count}", "2")
    wait_until(lambda: problem(client) == limit_sentence, WAIT, f"the limit was not said: {problem(client)!r}")
    wait_until(lambda: not pick_box(client, photos[5]).is_selected(), WAIT, "the refused pick stayed ticked")
    assert picked_on_page(client) == {photos[0], photos[3]}
    assert summary(client) == counted("en", "pickedOf", 2, limit=2)
    assert still_the_same_page(client), "the client's page was left"
    pictures(client, screenshots_dir, "gallery-client", found, focus="[data-gallery-problem]")

    # A note on a pick, then the choice sent; the note shows on the photographer's page.
    note = "Please a bit warmer, for the album's cover."
    comment = tile(client, photos[3]).find_element(By.CSS_SELECTOR, "[data-comment]")
    bring_into_view(client, comment)
    comment.send_keys(note)
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-picks-send]"))
    assert client.find_element(By.CSS_SELECTOR, "[data-gallery-notice]").text == en["sentNotice"]
    assert client.find_element(By.CSS_SELECTOR, "[data-gallery-state]").text == en["state"]["submitted"]
    assert tile(client, photos[3]).find_element(By.CSS_SELECTOR, "[data-comment]").get_attribute("value") == note
    wait_until(lambda: [n.text for n in tile(studio, photos[3]).find_elements(By.CSS_SELECTOR, "[data-note]")] == [note],
               LIVE_WAIT, "the note did not reach the photographer's open page")
    assert still_the_same_page(studio)
    assert len(tile(studio, photos[0]).find_elements(By.CSS_SELECTOR, "[data-picked]")) == 1
    pictures(studio, screenshots_dir, "gallery-photographer", found)
    pictures(studio, screenshots_dir, "gallery-camera-details", found, focus="[data-gallery-camera-details]")

    # The list of chosen files, for the editing software.
    status, headers, body = fetch(studio.find_element(By.CSS_SELECTOR, "[data-gallery-export]").get_attribute("href"),
                                  browser_cookies(studio))
    assert status == 200 and headers["content-type"].startswith("text/plain")
    assert body.decode().split() == [names[0], names[3]]

    # Delivered: the client downloads everything chosen, with the licence in each file.
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-gallery-deliver]"))
    assert studio.find_element(By.CSS_SELECTOR, "[data-gallery-notice]").text == cs["deliveredNotice"]
    assert studio.find_element(By.CSS_SELECTOR, "[data-gallery-state]").text == cs["state"]["delivered"]
    assert not studio.find_elements(By.CSS_SELECTOR, "[data-gallery-upload]")
    client.refresh()
    zip_link = client.find_element(By.CSS_SELECTOR, "[data-gallery-zip]")
    assert zip_link.text == en["downloadAll"]
    assert not client.find_elements(By.CSS_SELECTOR, "[data-pick]"), "hearts after delivery"
    # Only what is delivered (the two picks) can be downloaded.
    downloads = client.find_elements(By.CSS_SELECTOR, "[data-gallery-tile] [data-download]")
    delivered = [d.find_element(By.XPATH, "./ancestor::*[@data-gallery-tile]").get_attribute("data-photo") for d in downloads]
    assert sorted(delivered) == sorted([photos[0], photos[3]])
    pictures(client, screenshots_dir, "gallery-client-delivered", found)

    cookies = browser_cookies(client)
    status, headers, body = fetch(zip_link.get_attribute("href"), cookies)
    assert status == 200 and headers["content-type"] == "application/zip", (status, headers)
    assert "attachment" in headers.get("content-disposition", "")
    archive = zipfile.ZipFile(io.BytesIO(body))
    assert archive.testzip() is None, "a file in the ZIP is damaged"
    assert sorted(archive.namelist()) == sorted([names[0], names[3]])
    picked = tmp_path / names[3]
    picked.write_bytes(archive.read(names[3]))
    rights = xmp(picked)
    assert rights.get("Rights") == f"© {today_year()} {photographer.full_name}. All rights reserved.", rights
    assert rights.get("Marked") in (True, "True"), rights
    # One file alone is the same file as in the ZIP.
    status, _, single = fetch(tile(client, photos[3]).find_element(By.CSS_SELECTOR, "[data-download]").get_attribute("href"),
                              cookies)
    assert status == 200 and single == archive.read(names[3])
    # The gallery is nobody else's: without the session, it asks to sign in.
    status, headers, _ = Person.at(base_url).request("GET", urlpath(zip_link.get_attribute("href")))
    assert status in (302, 303) and "/login" in headers.get("location", ""), (status, headers.get("location"))

    # The lists of both.
    studio.get(base_url + "/galleries")
    [own] = [i for i in studio.find_elements(By.CSS_SELECTOR, "[data-gallery-list] .gallery-item") if title in i.text]
    assert cs["state"]["delivered"] in own.text
    pictures(studio, screenshots_dir, "gallery-list", found)
    assert not found, axe_report(found)


def urlpath(address):
    return "/" + address.split("/", 3)[3]


def today_year():
    from datetime import datetime
    from zoneinfo import ZoneInfo
    return datetime.now(ZoneInfo("Europe/Prague")).year


# Without scripts -----------------------------------------------------------------------------------

def test_without_javascript_the_photographer_uploads_and_the_client_sends_a_choice_by_the_form(
        open_browser, base_url, sign_up):
    studio = open_browser(size=DESKTOP, language="cs", javascript=False)
    assert javascript_is_off(studio)
    photographer = sign_up(studio)
    client = open_browser(size=DESKTOP, language="cs", javascript=False)
    customer = sign_up(client, role="client")
    title = f"Portréty {customer.username[-6:]}"
    gallery, address = new_gallery(studio, base_url, title, customer.username, 2, "")
    cs = texts("cs")

    # All three files in one request, as the plain form sends them.
    names = PHOTOS[:3]
    studio.find_element(By.CSS_SELECTOR, "[data-gallery-files]").send_keys("\n".join(str(DEMO_PHOTOS / n) for n in names))
    assert not studio.find_element(By.CSS_SELECTOR, "[data-upload-progress]").is_displayed()
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-upload-button]"))
    assert studio.find_element(By.CSS_SELECTOR, "[data-gallery-notice]").text == counted("cs", "added", 3)
    photos = [t.get_attribute("data-photo") for t in tiles(studio)]
    assert len(photos) == 3

    open_from_list(client, base_url, title)
    assert client.current_url == address
    assert client.find_element(By.CSS_SELECTOR, "[data-picks-save]").is_displayed(), "no save button without scripts"

    # Three ticked against a limit of two: refused, with the sentence, and nothing chosen.
    for photo in photos:
        heart(client, photo)
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-picks-send]"))
    assert http_status_of_page(client) == 409
    assert problem(client) == cs["problems"]["limit"][plural_form("cs", 2)].replace("{count}", "2")
    assert summary(client) == counted("cs", "pickedOf", 0, limit=2)

    # Two, one with a note, sent.
    heart(client, photos[0])
    heart(client, photos[2])
    type_into(client, f"comment-{photos[2]}", "Prosím bez vinětace.")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-picks-send]"))
    assert path_of(client) == urlpath(address)
    assert client.find_element(By.CSS_SELECTOR, "[data-gallery-notice]").text == cs["sentNotice"]
    assert client.find_element(By.CSS_SELECTOR, "[data-gallery-state]").text == cs["state"]["submitted"]
    assert [pick_box(client, p).is_selected() for p in photos] == [True, False, True]
    assert client.find_element(By.ID, f"comment-{photos[2]}").get_attribute("value") == "Prosím bez vinětace."
    assert summary(client) == counted("cs", "pickedOf", 2, limit=2)

    studio.refresh()
    assert picked_on_page(studio) == {photos[0], photos[2]}
    assert tile(studio, photos[2]).find_element(By.CSS_SELECTOR, "[data-note]").text == "Prosím bez vinětace."
