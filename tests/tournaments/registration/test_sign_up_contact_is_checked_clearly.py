"""The contact a sign-up leaves is a phone number or an email address; one that is neither is
refused with a message that says what to write. An email with an accent before the @ (which
Portuguese names invite: joão@sapo.pt) is refused as such, where it read only that it did not
look right; an accented domain is an address like any other."""

import pytest

from tournaments.registration.forms import SignUpForm

NAMES = {"name_1": "João Silva", "name_2": "Inês Costa"}


def errors(contact: str) -> list[str]:
    form = SignUpForm(data={**NAMES, "contact": contact})
    form.is_valid()
    return form.errors.get("contact", [])


@pytest.mark.parametrize("contact", ["joao@sapo.pt", "Joao.Silva+sueca@café.pt",
                                     "+351 912 345 678", ""])
def test_phones_and_addresses_are_taken(contact):
    assert errors(contact) == []


def test_an_accent_before_the_at_is_named():
    assert errors("joão@sapo.pt") == [
        "An email address has no accents before the @: write joao@…, not joão@…."]


@pytest.mark.parametrize("contact", ["joao@", "joao@sapo", "@sapo.pt"])
def test_other_bad_addresses_say_they_do_not_look_right(contact):
    assert errors(contact) == ["This email address does not look right."]


def test_neither_phone_nor_address_says_what_to_give():
    assert errors("ring me") == ["Give a phone number (digits, spaces and +) or an email address."]
