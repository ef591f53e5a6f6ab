"""The home page: live matches, sign-up for clubs, htmx served locally, a language switcher."""


def test_it_lists_live_matches_and_invites_clubs(client, match):
    html = client.get("/").content.decode()
    assert f"/m/{match.pk}/" in html
    assert 'href="/accounts/signup/"' in html


def test_htmx_is_vendored_not_from_a_cdn(client, db):
    html = client.get("/").content.decode()
    assert '/static/vendor/htmx-2.0.11.min.js' in html
    assert "://" not in html.split("htmx")[0].rsplit("<script", 1)[-1]


def test_the_language_switcher_offers_three_languages_and_remembers_the_choice(client, db):
    html = client.get("/").content.decode()
    assert all(f'value="{code}"' in html for code in ("pt-pt", "pt-br", "en"))
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"})
    assert client.get("/").content.decode().startswith("<!doctype html>\n\n<html lang=\"pt-br\"")


def test_portuguese_of_portugal_is_the_default(client, db, settings):
    settings.LANGUAGE_CODE = "pt-pt"
    assert '<html lang="pt-pt">' in client.get("/").content.decode()
