"""Sign-up, log-in and the language switch with junk: refused with the reason on the page,
no account made, nobody logged in."""

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import PASSWORD
from tests.fuzz.checks import NothingWritten, assert_page_refusal, post_form
from tests.fuzz.strategies import FUZZ, bad_text, broken, junk_text, required

NEW_PASSWORD = "a-long-new-password-77"
VALID = {"username": "novo", "email": "novo@example.com", "password1": NEW_PASSWORD,
         "password2": NEW_PASSWORD}


def not_an_email(text: str) -> bool:
    try:
        validate_email(text.strip())
    except ValidationError:
        return True
    return False


SIGNUP_BREAKERS = {
    "username": required(st.one_of(
        bad_text(150),
        st.sampled_from(["ana", "ANA", "a b", "a/b", "ana!", "<b>", "\u202eana", "🃏"]))),
    "email": required(junk_text.filter(not_an_email)),
    "password1": required(st.sampled_from(["", "123", "password", "novo", "12345678",
                                           "a\x00" + NEW_PASSWORD])),
    "password2": required(junk_text.filter(lambda s: s != NEW_PASSWORD)),
}


@given(data=broken(VALID, SIGNUP_BREAKERS))
@FUZZ
def test_a_bad_sign_up_makes_no_account_and_says_why(client, organiser, settings, data):
    settings.POST_RATE_LIMITS = {}  # the form's own answers (tests/security: the limit's)
    with NothingWritten():
        response = post_form(client, "/accounts/signup/", data)
    assert_page_refusal(response)
    assert "_auth_user_id" not in client.session


@given(username=st.one_of(junk_text, st.just("ana")), password=junk_text)
@FUZZ
def test_a_bad_log_in_is_refused_and_logs_nobody_in(client, organiser, username, password):
    if username == "ana" and password == PASSWORD:
        return
    with NothingWritten():
        response = post_form(client, "/accounts/login/",
                             {"username": username, "password": password})
    assert response.status_code in (200, 429), response.status_code
    assert "_auth_user_id" not in client.session
    if response.status_code == 200:
        assert_page_refusal(response)


@given(language=junk_text, next_url=junk_text)
@FUZZ
def test_the_language_switch_takes_junk_without_a_crash(client, db, language, next_url):
    with NothingWritten():
        response = post_form(client, "/i18n/setlang/", {"language": language, "next": next_url})
    assert response.status_code in (302, 400), response.status_code
