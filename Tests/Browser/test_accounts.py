"""Accounts as a person meets them in a browser: registering as a client or a photographer,
the form's help and its error messages, logging in and out, and being sent to log in and
back again."""

import re
from urllib.parse import urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import (DESKTOP, NARROW_PHONE, PHONE, PROFILE_PAGE_ID, STRINGS, WAIT, choose_role, click,
                             click_and_wait_for_next_page, field_errors, fill_registration, heading, html_lang,
                             http_status_of_page, javascript_is_off, log_in, log_out, longest_username, new_account,
                             own_profile_path,
                             page_id, path_of, plural_form, png_size, submit_form, type_into)

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
LANGUAGES = pytest.mark.parametrize("language", ["cs", "en"])

CREATOR_FIELDS = "fieldset.creator-fields"
PASSWORD_TOGGLE = "button.password__toggle"

# A registration with something wrong in most fields; the full name and the town are fine.
FLAWED = dict(
    role="creator", username="Ja", full_name="Jana Nováková", email="jana@", location="Brno",
    password="kratke", password_confirmation="jine-heslo", bio="", years_of_experience="81",
    hourly_rate="tisíc", price_by_agreement=True,
)
FLAWED_PROBLEMS = {  # field: the string-table key of its message
    "username": "usernameFormat",
    "email": "emailFormat",
    "password": "passwordTooShort",
    "passwordConfirmation": "confirmationMismatch",
    "bio": "bioMissing",
    "yearsOfExperience": "experienceFormat",
    "hourlyRate": "hourlyRateFormat",
}


# Helpers ---------------------------------------------------------------------------------

def main_text(driver):
    """The visible text of the page's main content, non-breaking spaces as plain ones."""
    return driver.find_element(By.ID, "main").text.replace("\u00a0", " ")


def value_of(driver, field_id):
    return driver.find_element(By.ID, field_id).get_attribute("value")


def header_account_link(driver):
    return driver.find_element(By.CSS_SELECTOR, "header.site-header a.account-link")


def form_alert(driver):
    alerts = driver.find_elements(By.CSS_SELECTOR, "p.form-alert")
    return [alert.text for alert in alerts]


def fill_flawed_registration(driver):
    """Types FLAWED into the registration form of the current page."""
    choose_role(driver, FLAWED["role"])
    for field_id, key in [("username", "username"), ("fullName", "full_name"), ("email", "email"),
                          ("location", "location"), ("password", "password"),
                          ("passwordConfirmation", "password_confirmation"), ("bio", "bio"),
                          ("yearsOfExperience", "years_of_experience"), ("hourlyRate", "hourly_rate")]:
        type_into(driver, field_id, FLAWED[key])
    checkbox = driver.find_element(By.CSS_SELECTOR, "input[name='priceByAgreement']")
    if not checkbox.is_selected():
        click(driver, checkbox)


def wait_for_password_toggle(driver):
    """The toggle appears once its script has run."""
    return WebDriverWait(driver, WAIT).until(EC.visibility_of_element_located((By.CSS_SELECTOR, PASSWORD_TOGGLE)),
                                             "the show-password button never appeared")


def wait_until_shown(driver, selector, shown):
    condition = EC.visibility_of_element_located if shown else EC.invisibility_of_element_located
    WebDriverWait(driver, WAIT).until(condition((By.CSS_SELECTOR, selector)),
                                      f"{selector} did not become {'visible' if shown else 'hidden'}")


def save_screenshot(driver, screenshots_dir, name, size):
    file = screenshots_dir / f"{name}.png"
    file.unlink(missing_ok=True)  # a stale file must not pass for a new one
    assert driver.save_screenshot(str(file)), f"could not write {file}"
    assert png_size(file) == size


# Registering ---------------------------------------------------------------------------------

@SIZES
def test_creator_registers_through_the_form_and_lands_on_their_profile(open_browser, base_url, size):
    driver = open_browser(size=size, language="cs")
    account = new_account("creator", hourly_rate="1500", price_by_agreement=False)
    driver.get(base_url + "/register")

    fill_registration(driver, account)
    submit_form(driver)

    cs = STRINGS["cs"]
    assert path_of(driver) == own_profile_path(account)
    assert page_id(driver) == PROFILE_PAGE_ID
    assert heading(driver) == account.full_name
    text = main_text(driver)
    for shown in [f"@{account.username} · {account.location}", cs["forms"]["roleCreator"], account.bio,
                  cs["profile"]["experience"][plural_form("cs", 7)].replace("{count}", "7"),
                  cs["profile"]["perHour"].replace("{rate}", "1 500"),
                  account.email, cs["pages"]["account"]["unconfirmed"]]:
        assert shown in text
    badge = driver.find_element(By.XPATH, f"//dd[contains(., '{account.email}')]//*[contains(@class, 'badge')]")
    assert badge.text == cs["pages"]["account"]["unconfirmed"]
    log_out_button = driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button[type='submit']")
    assert log_out_button.get_attribute("textContent").strip() == cs["pages"]["account"]["logOut"]
    link = header_account_link(driver)
    assert (link.text, link.get_dom_attribute("href")) == (f"@{account.username}", "/profile")
    assert driver.find_elements(By.CSS_SELECTOR, "a.account-link--guest") == []


def test_username_typed_in_capitals_is_kept_in_lower_case(open_browser, base_url):
    driver = open_browser(language="en")
    account = new_account("client")
    typed = account.username.upper()
    driver.get(base_url + "/register")

    fill_registration(driver, account)
    type_into(driver, "username", typed)
    submit_form(driver)

    assert path_of(driver) == own_profile_path(account)
    assert f"@{account.username} · " in main_text(driver)
    assert header_account_link(driver).text == f"@{account.username}"


@pytest.mark.parametrize("javascript", [True, False], ids=["with-javascript", "without-javascript"])
def test_choosing_client_hides_the_creator_fields_and_choosing_creator_shows_them(open_browser, base_url,
                                                                                    javascript):
    driver = open_browser(language="cs", javascript=javascript)
    if not javascript:
        assert javascript_is_off(driver), "JavaScript is still enabled, so this test would prove nothing"
    driver.get(base_url + "/register")

    choose_role(driver, "client")
    wait_until_shown(driver, CREATOR_FIELDS, shown=False)
    for field_id in ["bio", "yearsOfExperience", "hourlyRate"]:
        assert not driver.find_element(By.ID, field_id).is_displayed()

    choose_role(driver, "creator")
    wait_until_shown(driver, CREATOR_FIELDS, shown=True)
    for field_id in ["bio", "yearsOfExperience", "hourlyRate"]:
        assert driver.find_element(By.ID, field_id).is_displayed()


@LANGUAGES
def test_role_choices_are_labelled_in_the_readers_language(open_browser, base_url, language):
    driver = open_browser(language=language)
    driver.get(base_url + "/register")

    labels = {label.find_element(By.TAG_NAME, "input").get_attribute("value"): label.text
              for label in driver.find_elements(By.CSS_SELECTOR, ".role-choice label.segmented__option")}
    forms = STRINGS[language]["forms"]
    assert labels == {"client": forms["roleClient"], "creator": forms["roleCreator"]}


@pytest.mark.parametrize("path, fields", [("/register", ["password", "passwordConfirmation"]),
                                          ("/login", ["password"])], ids=["register", "login"])
def test_show_password_button_reveals_and_hides_the_password(open_browser, base_url, path, fields):
    driver = open_browser(language="en")
    driver.get(base_url + path)
    button = wait_for_password_toggle(driver)
    for field_id in fields:
        type_into(driver, field_id, "tajne-heslo-123")
    forms = STRINGS["en"]["forms"]
    assert (button.text, button.get_attribute("aria-pressed")) == (forms["showPassword"], "false")

    click(driver, button)

    assert [driver.find_element(By.ID, field_id).get_attribute("type") for field_id in fields] == ["text"] * len(fields)
    assert (button.text, button.get_attribute("aria-pressed")) == (forms["hidePassword"], "true")
    assert [value_of(driver, field_id) for field_id in fields] == ["tajne-heslo-123"] * len(fields)

    click(driver, button)

    assert [driver.find_element(By.ID, field_id).get_attribute("type") for field_id in fields] == ["password"] * len(
        fields)
    assert (button.text, button.get_attribute("aria-pressed")) == (forms["showPassword"], "false")


def test_show_password_button_stays_hidden_without_javascript(open_browser, base_url):
    driver = open_browser(language="cs", javascript=False)
    assert javascript_is_off(driver), "JavaScript is still enabled, so this test would prove nothing"
    driver.get(base_url + "/register")

    assert not driver.find_element(By.CSS_SELECTOR, PASSWORD_TOGGLE).is_displayed()
    assert driver.find_element(By.ID, "password").get_attribute("type") == "password"


@LANGUAGES
def test_registration_with_several_problems_shows_each_message_next_to_its_field_and_keeps_what_was_typed(
        open_browser, base_url, language):
    driver = open_browser(language=language)
    driver.get(base_url + "/register")

    fill_flawed_registration(driver)
    submit_form(driver)

    forms = STRINGS[language]["forms"]
    assert (path_of(driver), page_id(driver), http_status_of_page(driver)) == ("/register", "register", 422)
    assert form_alert(driver) == [forms["fixErrors"]]
    alert_top = driver.find_element(By.CSS_SELECTOR, "p.form-alert").rect["y"]
    assert alert_top < driver.find_element(By.CSS_SELECTOR, "form.form").rect["y"], "the alert is not above the form"
    assert field_errors(driver) == {field: forms["problems"][key] for field, key in FLAWED_PROBLEMS.items()}
    for field_id in FLAWED_PROBLEMS:
        field = driver.find_element(By.ID, field_id)
        error = driver.find_element(By.ID, f"{field_id}-error")
        wrapper = driver.execute_script("return arguments[0].closest('.field')", field)
        assert "field--invalid" in wrapper.get_attribute("class").split(), field_id
        assert driver.execute_script("return arguments[0].contains(arguments[1])", wrapper, error), field_id
        assert f"{field_id}-error" in field.get_attribute("aria-describedby").split(), field_id
        assert error.rect["y"] >= field.rect["y"] + field.rect["height"], f"{field_id}'s message is not under it"
    for field_id in ["fullName", "location"]:
        wrapper = driver.execute_script("return arguments[0].closest('.field')", driver.find_element(By.ID, field_id))
        assert "field--invalid" not in wrapper.get_attribute("class").split(), field_id
    kept = {field_id: value_of(driver, field_id)
            for field_id in ["username", "fullName", "email", "location", "password", "passwordConfirmation", "bio",
                             "yearsOfExperience", "hourlyRate"]}
    assert kept == {
        "username": FLAWED["username"], "fullName": FLAWED["full_name"], "email": FLAWED["email"],
        "location": FLAWED["location"], "password": "", "passwordConfirmation": "", "bio": FLAWED["bio"],
        "yearsOfExperience": FLAWED["years_of_experience"], "hourlyRate": FLAWED["hourly_rate"],
    }
    assert driver.find_element(By.CSS_SELECTOR, "input[name='role'][value='creator']").is_selected()
    assert driver.find_element(By.CSS_SELECTOR, "input[name='priceByAgreement']").is_selected()


def test_username_and_email_of_an_existing_account_are_refused(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    existing = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/register")

    fill_registration(driver, new_account("client", username=existing.username.upper(),
                                          email=existing.email.upper()))
    submit_form(driver)

    problems = STRINGS["cs"]["forms"]["problems"]
    assert (path_of(driver), http_status_of_page(driver)) == ("/register", 422)
    assert field_errors(driver) == {"username": problems["usernameTaken"], "email": problems["emailTaken"]}


def test_registration_works_without_javascript(open_browser, base_url):
    driver = open_browser(language="cs", javascript=False)
    assert javascript_is_off(driver), "JavaScript is still enabled, so this test would prove nothing"
    account = new_account("client")
    driver.get(base_url + "/register")

    fill_registration(driver, account)
    submit_form(driver)

    assert path_of(driver) == own_profile_path(account)
    assert heading(driver) == account.full_name
    assert STRINGS["cs"]["forms"]["roleClient"] in main_text(driver)
    assert header_account_link(driver).text == f"@{account.username}"


# Logging in and out ----------------------------------------------------------------------------

def test_logging_out_returns_to_the_feed_as_a_guest(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    sign_up(driver)

    log_out(driver)

    assert (path_of(driver), page_id(driver)) == ("/", "feed")
    assert driver.find_element(By.CSS_SELECTOR, "a.account-link--guest").text == STRINGS["cs"]["nav"]["logIn"]
    driver.get(base_url + "/profile")
    assert path_of(driver) == "/login", "the session outlived the logout"


def test_logging_in_with_the_email_returns_to_the_page_that_asked_for_it(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    account = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/messages")
    assert (path_of(driver), urlsplit(driver.current_url).query) == ("/login", "return=%2Fmessages")

    log_in(driver, account.email, account.password)

    assert (path_of(driver), page_id(driver)) == ("/messages", "messages")
    assert heading(driver) == STRINGS["cs"]["pages"]["messages"]["title"]
    assert header_account_link(driver).text == f"@{account.username}"


def test_wrong_password_keeps_the_identifier_and_shows_the_message(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    account = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/login")

    log_in(driver, account.username, account.password + "x")

    assert (path_of(driver), page_id(driver), http_status_of_page(driver)) == ("/login", "login", 401)
    assert form_alert(driver) == [STRINGS["cs"]["login"]["wrongCredentials"]]
    assert value_of(driver, "identifier") == account.username
    assert value_of(driver, "password") == ""
    assert driver.find_elements(By.CSS_SELECTOR, "a.account-link--guest") != []


# Failed logins also count per address, and every test comes from 127.0.0.1: past 10 each
# login of the whole suite would have to wait. The suite makes 7 (one in test_accessibility.py);
# keep it well below.
def test_five_wrong_passwords_lock_the_account_for_a_while(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    account = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/login")
    for _ in range(5):
        log_in(driver, account.username, "spatne-heslo")
        assert http_status_of_page(driver) == 401

    log_in(driver, account.username, account.password)  # even the right password must wait now

    assert (path_of(driver), http_status_of_page(driver)) == ("/login", 429)
    [message] = form_alert(driver)
    minutes = int(re.search(r"\d+", message).group())
    assert 1 <= minutes <= 15
    forms = STRINGS["cs"]["login"]["tooManyAttempts"]
    assert message == forms[plural_form("cs", minutes)].replace("{count}", str(minutes))
    assert value_of(driver, "identifier") == account.username


def test_login_never_returns_to_another_site(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    account = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/login?return=//example.com/")

    log_in(driver, account.username, account.password)

    assert driver.current_url == base_url + "/"
    assert header_account_link(driver).text == f"@{account.username}"


@pytest.mark.parametrize("language, size", [("cs", PHONE), ("en", DESKTOP)], ids=["cs-phone", "en-desktop"])
def test_guest_header_link_goes_to_the_login_page(open_browser, base_url, language, size):
    driver = open_browser(size=size, language=language)
    driver.get(base_url + "/")
    link = driver.find_element(By.CSS_SELECTOR, "header.site-header a.account-link--guest")
    assert link.is_displayed()
    assert link.text == STRINGS[language]["nav"]["logIn"]

    click_and_wait_for_next_page(driver, link)

    assert (path_of(driver), page_id(driver)) == ("/login", "login")
    assert heading(driver) == STRINGS[language]["pages"]["login"]["title"]


# Forgery protection ------------------------------------------------------------------------

@pytest.mark.parametrize("path, signed_in", [("/register", False), ("/login", False), ("/profile", True)],
                         ids=["register", "login", "profile"])
def test_every_form_that_posts_carries_a_csrf_token(open_browser, base_url, sign_up, path, signed_in):
    driver = open_browser()
    if signed_in:
        sign_up(driver)
    driver.get(base_url + path)

    forms = driver.find_elements(By.CSS_SELECTOR, "form[method='post']")
    assert len(forms) >= 2  # the page's own form and the language switch
    without_token = []
    for form in forms:
        tokens = [field.get_attribute("value")
                  for field in form.find_elements(By.CSS_SELECTOR, "input[type='hidden'][name='_csrf']")]
        if len(tokens) != 1 or not tokens[0]:
            without_token.append(form.get_dom_attribute("action"))
    assert without_token == []


def test_form_sent_without_its_csrf_token_is_refused(open_browser, base_url, sign_up):
    driver = open_browser(language="en")
    account = sign_up(driver)
    log_out(driver)
    driver.get(base_url + "/login")
    driver.execute_script("document.querySelector(\"form.form input[name='_csrf']\").remove()")

    log_in(driver, account.username, account.password)

    assert (page_id(driver), http_status_of_page(driver)) == ("error", 403)
    assert heading(driver) == STRINGS["en"]["error"]["403"]["title"]
    assert driver.find_elements(By.CSS_SELECTOR, "a.account-link--guest") != [], "signed in without a token"


# Layout ------------------------------------------------------------------------------------

def horizontal_overflow(driver, selector):
    """How many CSS pixels the element's content sticks out past its own box (0 if it fits)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e.scrollWidth - e.clientWidth", selector)


def test_phone_header_fits_the_longest_username(open_browser, base_url, sign_up):
    driver = open_browser(size=PHONE, language="cs")
    account = sign_up(driver, username=longest_username())
    driver.get(base_url + "/")

    link = driver.find_element(By.CSS_SELECTOR, "header.site-header a.account-link")
    assert link.text == f"@{account.username}"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert horizontal_overflow(driver, ".site-header__inner") == 0


def test_own_profile_fits_a_phone_with_the_longest_username(open_browser, base_url, sign_up):
    driver = open_browser(size=PHONE, language="cs")
    sign_up(driver, username=longest_username())

    assert horizontal_overflow(driver, "main") == 0


@pytest.mark.parametrize("language", [
    "cs",
    "en",
])
def test_role_choices_stay_inside_the_form_on_a_narrow_phone(open_browser, base_url, language):
    driver = open_browser(size=NARROW_PHONE, language=language)
    driver.get(base_url + "/register")

    form = driver.find_element(By.CSS_SELECTOR, "form.form").rect
    options = [option.rect for option in driver.find_elements(By.CSS_SELECTOR, ".role-choice label.segmented__option")]
    assert [option["x"] + option["width"] <= form["x"] + form["width"] for option in options] == [True, True]


# Screenshots -----------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375", "1280"])
@LANGUAGES
def test_account_pages_are_captured_in_screenshots(open_browser, base_url, sign_up, screenshots_dir, language, size):
    # For people to look at: account-<page>-<lang>-<width>.png in Tests/Browser/screenshots/.
    driver = open_browser(size=size, language=language)
    width, _ = size

    def capture(page):
        assert html_lang(driver) == language
        save_screenshot(driver, screenshots_dir, f"account-{page}-{language}-{width}", size)

    driver.get(base_url + "/register")
    wait_for_password_toggle(driver)  # the page as it looks once its script has run
    capture("register")

    fill_flawed_registration(driver)
    submit_form(driver)
    assert page_id(driver) == "register"
    wait_for_password_toggle(driver)
    capture("register-errors")

    driver.get(base_url + "/login")
    wait_for_password_toggle(driver)
    capture("login")

    sign_up(driver)
    driver.get(base_url + "/profile")
    assert page_id(driver) == PROFILE_PAGE_ID
    capture("profile")
