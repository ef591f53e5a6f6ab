"""The tally's "dealt by Eva Silva" says who dealt in Portuguese too: "quem deu: Eva Silva".
It said "deu Eva Silva", which a Brazilian reads as "it came out Eva Silva"."""

import pytest
from django.utils import translation


@pytest.mark.parametrize("language", ["pt-pt", "pt-br"])
def test_who_dealt_is_said_as_who_dealt(language):
    with translation.override(language):
        said = translation.gettext("dealt by %(dealer)s") % {"dealer": "Eva Silva"}
    assert said == "quem deu: Eva Silva"
