"""Dates as Portuguese writes them: month names in lowercase ("13 de novembro de 2026", in
Portugal since the 1990 spelling agreement, and always in Brazil), where Django's own
catalogues capitalise them; English keeps its capitals."""

import datetime

import pytest
from django.utils import formats, translation

DAY = datetime.date(2026, 11, 13)


@pytest.mark.parametrize(("language", "shown"), [("pt-pt", "13 de novembro de 2026"),
                                                 ("pt-br", "13 de novembro de 2026"),
                                                 ("en", "13 November 2026")])
def test_a_date_in_words(language, shown):
    with translation.override(language):
        assert formats.date_format(DAY, "DATE_FORMAT") == shown


@pytest.mark.parametrize("language", ["pt-pt", "pt-br"])
def test_every_month_is_lowercase(language):
    with translation.override(language):
        names = [formats.date_format(datetime.date(2026, month, 1), "F")
                 for month in range(1, 13)]
    assert names == [name.lower() for name in names]
    assert names[0] == "janeiro" and names[2] == "março"
