"""Photos and a PDF in a message: one person sends them from the composer, the other sees
them arrive live without a reload, opens a photo in the viewer, goes on with the keyboard
and closes it with Escape. Without JavaScript the composer is a plain form that carries them."""

from pathlib import Path

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import click, sign_in
from live_client import Person
from messenger_helpers import PHONE_390, eva_and_adela_in_their_room, screenshots_light_and_dark, wait


PHOTOS = Path(__file__).resolve().parents[2] / "Demo" / "photos"


def a_pdf(folder):
    path = folder / "nabídka focení.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" + b" " * 3000 + b"\n%%EOF\n")
    return path


def attached(driver):
    """(photo links, file names) of the newest message with attachments."""
    return driver.execute_script("""
        const all = [...document.querySelectorAll('[data-chat-days] .chat-message[data-message] .chat-attachments')];
        const last = all.at(-1);
        if (!last) return [[], []];
        return [[...last.querySelectorAll('[data-chat-photo]')].map((a) => a.getAttribute('href')),
                [...last.querySelectorAll('.chat-attachments__name')].map((n) => n.textContent)]""")


def viewer(driver):
    """(open, the picture's address, loaded) of the room's photo viewer."""
    return driver.execute_script("""
        const dialog = document.querySelector('[data-photo-viewer]');
        const image = dialog.querySelector('[data-photo-viewer-image]');
        return [dialog.open, image.getAttribute('src'), image.complete && image.naturalWidth > 0]""")


@pytest.mark.engines("chromium", "firefox")
def test_photos_and_a_pdf_reach_the_other_browser_live_and_open_in_the_viewer(
        open_browser, own_server, screenshots_dir, tmp_path):
    server = own_server()
    room, eva, adela = eva_and_adela_in_their_room(open_browser, server)

    files = [PHOTOS / "products-dutar-lute.jpg", PHOTOS / "people-cameraman-black-and-white.jpg", a_pdf(tmp_path)]
    eva.find_element(By.CSS_SELECTOR, "[data-chat-files]").send_keys("\n".join(str(f) for f in files))
    wait(eva, lambda d: "nabídka focení.pdf" in d.find_element(By.CSS_SELECTOR, "[data-chat-chosen]").text,
         "the chosen files were not listed")
    eva.find_element(By.ID, "composer").send_keys("Tady je nabídka")
    click(eva, eva.find_element(By.CSS_SELECTOR, ".chat-composer__send"))

    # Adéla sees them arrive without a reload, and so does Eva once stored.
    for driver in (adela, eva):
        wait(driver, lambda d: len(attached(d)[0]) == 2 and attached(d)[1] == ["nabídka focení.pdf"],
             "the photos and the PDF did not arrive")
    photos, _ = attached(adela)
    assert all(p.startswith(f"/messages/{room}/files/") for p in photos)
    wait(adela, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.chat-attachments__photo img')].every((i) => i.complete && i.naturalWidth > 0)"),
        "the thumbnails did not load")
    size = adela.find_element(By.CSS_SELECTOR, ".chat-attachments__size").text
    assert size == "3 kB", size

    # The viewer: the first photo large, → to the second, Escape closes and focus comes back.
    first = adela.find_elements(By.CSS_SELECTOR, "[data-chat-photo]")[-2]
    click(adela, first)
    wait(adela, lambda d: viewer(d)[0] and viewer(d)[1] == photos[0] and viewer(d)[2], "the viewer did not show the photo")
    adela.save_screenshot(str(screenshots_dir / "message-attachments-viewer-desktop.png"))
    adela.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait(adela, lambda d: viewer(d)[1] == photos[1] and viewer(d)[2], "→ did not show the next photo")
    adela.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(adela, lambda d: not viewer(d)[0], "Escape did not close the viewer")
    assert adela.switch_to.active_element.get_attribute("href").endswith(photos[0])

    # The PDF is served to Adéla as a download of its own name.
    pdf = adela.execute_script("return document.querySelector('.chat-attachments__file').getAttribute('href')")
    status, headers, _ = Person(server.url, "ad.fotograf").request("GET", pdf)
    assert status == 200 and "filename*=UTF-8''nab%C3%ADdka%20focen%C3%AD.pdf" in headers.get("content-disposition", "")

    screenshots_light_and_dark(screenshots_dir, "message-attachments", phone=eva, desktop=adela)


def test_without_javascript_the_composer_sends_a_photo_as_a_plain_form(open_browser, own_server):
    server = own_server()
    room = Person(server.url, "eva.s").room_with("ad.fotograf")
    driver = open_browser(size=PHONE_390, javascript=False)
    sign_in(driver, server.url, "eva.s")
    driver.get(f"{server.url}/messages/{room}")
    driver.find_element(By.CSS_SELECTOR, "[data-chat-files]").send_keys(str(PHOTOS / "products-dutar-lute.jpg"))
    click(driver, driver.find_element(By.CSS_SELECTOR, ".chat-composer__send"))
    wait(driver, lambda d: len(attached(d)[0]) == 1, "the photo did not come back in the room")
    link = driver.find_element(By.CSS_SELECTOR, "[data-chat-photo]")
    click(driver, link)
    wait(driver, lambda d: "/files/" in d.current_url, "the photo's link did not open the picture")
