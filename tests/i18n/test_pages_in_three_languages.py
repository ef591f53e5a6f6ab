"""The main pages read in the three languages: Portugal's by default, Brazil's and English.

Portuguese pages are also checked for English left over: no text on them may be one of the
English strings the catalogue translates differently.
"""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings as django_settings

from tests.i18n.catalogues import LOCALE, messages, read_po
from tests.tournaments.helpers import record
from tests.tournaments.public_helpers import knockout_of_13

LANGUAGES = {"pt-pt": "pt_PT", "pt-br": "pt_BR", "en": "en"}


class TextNodes(HTMLParser):
    """The text a person reads: text nodes and the attributes that are read aloud or shown."""

    SKIP = {"script", "style", "template"}
    READ = {"alt", "title", "aria-label", "placeholder"}

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        self.texts += [value.strip() for name, value in attrs if name in self.READ and value]

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def texts(html: str) -> list[str]:
    parser = TextNodes()
    parser.feed(html)
    return parser.texts


def english_leftovers(html: str, locale: str) -> list[str]:
    """Texts of the page that are English strings the catalogue translates otherwise."""
    entries = messages(read_po(LOCALE / locale / "LC_MESSAGES" / "django.po"))
    translations = {text for e in entries for text in e.strings}  # "Partidas" is also Portuguese
    english = {e.msgid for e in entries
               if e.msgid_plural is None and e.msgstr and e.msgstr != e.msgid
               and "%" not in e.msgid and re.search(r"[A-Za-z]{3}", e.msgid)} - translations
    return sorted({text for text in texts(html) if text in english})


@pytest.fixture(autouse=True)
def portuguese_is_the_default(settings):
    """Undo the suite's English default (tests/conftest.py): here the site's own settings hold."""
    settings.LANGUAGE_CODE = django_settings.LANGUAGE_CODE = "pt-pt"


def get(client, url: str, language: str | None) -> str:
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


def check(html: str, language: str, words: list[str]) -> None:
    assert f'<html lang="{language}">' in html
    missing = [word for word in words if word not in html]
    assert not missing, f"{language}: {missing} not on the page"
    if language != "en":
        leftovers = english_leftovers(html, LANGUAGES[language])
        assert not leftovers, f"{language}: English left on the page: {leftovers}"


# --- which language ------------------------------------------------------------------------

def test_portugal_s_portuguese_when_the_browser_states_no_preference(client, db):
    assert '<html lang="pt-pt">' in get(client, "/", None)


@pytest.mark.parametrize("accept, expected", [
    ("pt", "pt-pt"), ("pt-PT,pt;q=0.9", "pt-pt"), ("pt-BR,pt;q=0.9,en;q=0.8", "pt-br"),
    ("en-GB,en;q=0.9", "en"), ("fr-FR,fr;q=0.9", "pt-pt"),
])
def test_the_browser_s_language_is_followed(client, db, accept, expected):
    assert f'<html lang="{expected}">' in get(client, "/", accept)


def test_the_switcher_s_choice_is_remembered_over_the_browser_s(client, match):
    response = client.post("/i18n/setlang/", {"language": "pt-br", "next": f"/m/{match.pk}/"})
    assert response.status_code == 302 and response["Location"] == f"/m/{match.pk}/"
    assert response.cookies[django_settings.LANGUAGE_COOKIE_NAME].value == "pt-br"
    for url in ("/", f"/m/{match.pk}/", "/accounts/login/"):
        html = get(client, url, "en-GB,en;q=0.9")
        assert '<html lang="pt-br">' in html
        assert '<option value="pt-br" selected>' in html
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert '<html lang="en">' in get(client, "/", "pt-PT")


def test_the_switcher_names_itself_in_english_too_and_each_language_in_its_own_words(client, db):
    """Someone who reads no Portuguese finds it (and so do the English browser tests)."""
    html = get(client, "/", None)
    assert re.search(r'<label for="language">[^<]*Language[^<]*</label>', html)
    for name in ("Português (Portugal)", "Português (Brasil)", "English"):
        assert f">{name}</option>" in html


# --- the pages -----------------------------------------------------------------------------

WORDS = {
    "home": {"pt-pt": ["Agora, em direto", "Os meus clubes", "Sair"],
             "pt-br": ["Ao vivo agora", "Meus clubes", "Sair"],
             "en": ["Live now", "My clubs", "Log out"]},
    "club": {"pt-pt": ["Resultados recentes", "Modo TV"],
             "pt-br": ["Ao vivo agora", "Modo TV"],
             "en": ["Recent results", "TV view"]},
    "scoreboard": {"pt-pt": ["Marcador", "Primeiro a 4 jogos", "1 mão jogada", "dá as cartas"],
                   "pt-br": ["Placar", "Primeiro a 4 jogos", "1 mão jogada", "dá as cartas"],
                   "en": ["Score", "First to 4 games", "1 deal played", "deals;"]},
    "referee": {"pt-pt": ["pontos de uma equipa", "Bandeira A", "Renúncia B", "Desfazer a última mão",
                          "Marcador"],
                "pt-br": ["pontos de um time", "Bandeira A", "Renúncia B", "Desfazer a última mão",
                          "Placar"],
                "en": ["points: the other side gets 120", "Flag A", "Revoke B", "Undo the last deal"]},
    "tournament": {"pt-pt": ["Ronda", "Quadro", "Classificação", "Oitavos de final"],
                   "pt-br": ["Rodada", "Chaveamento", "Classificação", "Oitavas de final"],
                   "en": ["Round", "Bracket", "Standings", "Round of 16"]},
    "manage": {"pt-pt": ["Equipas", "Nova partida amigável", "Organizadores"],
               "pt-br": ["Duplas", "Nova partida amistosa", "Organizadores"],
               "en": ["Partnerships", "New friendly match", "Organisers"]},
    "manage-match": {"pt-pt": ["Mãos", "Quem dá", "Marcador público", "Link do árbitro"],
                     "pt-br": ["Mãos", "Quem dá", "Placar público", "Link do árbitro"],
                     "en": ["Deals", "Dealer", "Public scoreboard", "Referee link"]},
    "new-match": {"pt-pt": ["Portugal (habitual)", "Mocas (à melhor de várias)", "Equipa A"],
                  "pt-br": ["Portugal (padrão)", "Partidas (melhor de várias)", "Dupla A"],
                  "en": ["Portugal (standard)", "Game sets (best of several)", "Partnership A"]},
}


@pytest.fixture
def pages(client, organiser, club, match, referee_link):
    record(match, {"points": [73, 47]})
    tournament = knockout_of_13(club)
    client.force_login(organiser)
    return {
        "home": "/", "club": f"/c/{club.slug}/", "scoreboard": f"/m/{match.pk}/",
        "referee": f"/r/{referee_link.token}/", "tournament": f"/t/{tournament.slug}/",
        "manage": f"/manage/{club.slug}/", "manage-match": f"/manage/matches/{match.pk}/",
        "new-match": f"/manage/{club.slug}/matches/new/",
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", WORDS)
def test_the_main_pages_read_in_each_language(client, pages, page, language):
    html = get(client, pages[page], language)
    check(html, language, WORDS[page][language])


# --- what the engine and the calendar say --------------------------------------------------

@pytest.mark.parametrize("language, message", [
    ("pt-pt", "Nenhuma equipa pode fazer 1 ou 119 pontos: nenhuma carta vale 1."),
    ("pt-br", "Nenhum time pode fazer 1 ou 119 pontos: nenhuma carta vale 1."),
    ("en", "No side can score 1 or 119 card points: no card is worth 1."),
])
def test_the_engine_s_refusals_are_translated(client, referee_link, language, message):
    response = client.post(f"/r/{referee_link.token}/confirm/", {"points": ["1", ""]},
                           HTTP_ACCEPT_LANGUAGE=language)
    assert message in response.content.decode()


@pytest.mark.parametrize("language, date", [
    ("pt-pt", "7 de Março de 2027"), ("pt-br", "7 de Março de 2027"), ("en", "7 March 2027"),
])
def test_dates_are_written_the_language_s_way(client, club, language, date):
    tournament = knockout_of_13(club, starts_on=datetime.date(2027, 3, 7))
    html = get(client, f"/t/{tournament.slug}/", language)
    assert date.lower() in html.lower()
