"""Signing up over plain HTTP, for the tests that need a signed-in person but are not about
the registration form (test_accounts.py drives the form itself): a real POST to the real
form's address, answered by the real server, and the cookies it sets handed to the browser,
which then follows the answer's redirect to the own profile as after the form."""

import http.client
import re
import time
import urllib.parse
from dataclasses import asdict

from browser_helpers import PROFILE_PAGE_ID, WAIT, own_profile_path, page_id, path_of

SIGNED_UP = 303


def form_of(account, token):
    """The fields the registration form posts, as a browser sends them (an unticked
    checkbox is not sent at all)."""
    details = asdict(account)
    fields = {"_csrf": token, "role": account.role, "username": account.username, "fullName": account.full_name,
              "email": account.email, "location": account.location, "password": account.password,
              "passwordConfirmation": account.password}
    if account.role == "creator":
        fields.update(bio=details["bio"], yearsOfExperience=details["years_of_experience"],
                      hourlyRate=details["hourly_rate"])
        if account.price_by_agreement:
            fields["priceByAgreement"] = "on"
    return fields


def as_webdriver_cookie(header):
    """A Set-Cookie header (HTTPServer's SetCookie) as WebDriver's cookie object."""
    name_value, *attributes = [part.strip() for part in header.split(";")]
    name, _, value = name_value.partition("=")
    cookie = {"name": name, "value": value, "path": "/", "httpOnly": False, "secure": False}
    for attribute in attributes:
        key, _, argument = attribute.partition("=")
        match key.lower():
            case "path": cookie["path"] = argument
            case "max-age": cookie["expiry"] = int(time.time()) + int(argument)
            case "httponly": cookie["httpOnly"] = True
            case "secure": cookie["secure"] = True
            case "samesite": cookie["sameSite"] = argument
    return cookie


def request(base_url, method, path, cookies, language, form=None):
    """One request as the browser would send it; returns (status, headers, Set-Cookie values, body)."""
    parts = urllib.parse.urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=WAIT)
    headers = {"Accept-Language": language, "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers.update({"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin",
                        "Origin": base_url})
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        set_cookies = [value for name, value in response.getheaders() if name.lower() == "set-cookie"]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, set_cookies, text
    finally:
        connection.close()


def register_over_http(driver, base_url, account, language):
    """Registers `account` and leaves `driver` signed in, on its own profile."""
    status, _, set_cookies, page = request(base_url, "GET", "/register", {}, language)
    token = re.search(r'name="_csrf" value="([^"]+)"', page)
    assert status == 200 and token, f"the registration form did not load ({status})"
    cookies = [as_webdriver_cookie(header) for header in set_cookies]
    status, headers, set_cookies, page = request(base_url, "POST", "/register", {c["name"]: c["value"] for c in cookies},
                                                 language, form_of(account, token.group(1)))
    cookies += [as_webdriver_cookie(header) for header in set_cookies]
    assert status == SIGNED_UP and any(c["name"] == "session" for c in cookies), (
        f"registration of {account.username} was refused ({status}): {re.findall(r'field__error[^>]*>([^<]*)', page)}")
    # A browser takes cookies only for the site of its page: the health check is the smallest.
    driver.get(base_url + "/healthz")
    for cookie in cookies:
        driver.add_cookie(cookie)
    driver.get(base_url + headers["location"])
    assert (path_of(driver), page_id(driver)) == (own_profile_path(account), PROFILE_PAGE_ID), (
        f"{account.username} did not end on its profile")
    return account
