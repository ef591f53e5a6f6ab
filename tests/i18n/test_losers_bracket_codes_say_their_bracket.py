"""A losers' bracket slot's code (P1-2 in Portuguese) starts with its bracket's name, as W/L do
in English: in Portugal the bracket was "Quadro dos vencidos", whose V is the winners' code,
and a spectator could not tell what P stood for."""

import pytest
from django.utils import translation


@pytest.mark.parametrize("language", ["pt-pt", "pt-br", "en"])
def test_the_losers_code_is_the_first_letter_of_the_losers_word(language):
    with translation.override(language):
        heading = translation.gettext("Losers' bracket")
        code = translation.pgettext("losers' bracket slot, as in L1-2", "L")
    assert any(word.capitalize().startswith(code) for word in heading.split()), (heading, code)
