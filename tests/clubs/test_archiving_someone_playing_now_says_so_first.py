"""Archiving a player or a partnership that plays a match under way: the page names the match
before the organiser archives, and archiving lets it go on."""

from tests.conftest import make_match, make_partnership


def test_the_player_page_names_the_match_they_play_now(organiser_client, club, match):
    player = match.a.player_2
    body = organiser_client.get(f"/manage/{club.slug}/players/{player.pk}/").content.decode()
    assert "Playing a match now: archived, they play it to the end" in body
    assert f'href="/manage/matches/{match.pk}/"' in body


def test_the_partnership_page_names_the_match_it_plays_now(organiser_client, club, match):
    page = organiser_client.get(f"/manage/{club.slug}/partnerships/{match.b.pk}/")
    assert page.context["live"] == [match]


def test_nothing_is_said_of_a_finished_match(organiser_client, club, match):
    match.finished = True
    match.save(update_fields=["finished"])
    page = organiser_client.get(f"/manage/{club.slug}/players/{match.a.player_1.pk}/")
    assert page.context["live"] == []
    assert "Playing a match now" not in page.content.decode()


def test_the_match_goes_on_after_archiving(organiser_client, club, match, referee_link):
    player = match.a.player_1
    organiser_client.post(f"/manage/{club.slug}/players/{player.pk}/archive/")
    match.refresh_from_db()
    assert not match.finished
    assert organiser_client.get(f"/r/{referee_link.token}/").status_code == 200


def test_several_matches_under_way_are_counted(organiser_client, club, match, pair_b):
    make_match(club, make_partnership(club, "Eva Matos", "Gil Vaz"), pair_b)
    body = organiser_client.get(f"/manage/{club.slug}/partnerships/{pair_b.pk}/").content
    assert "Playing 2 matches now: archived, they play them to the end" in body.decode()
