"""Voiding a deal moves the turn back a seat (a void is a deal never played): the void page says
so before it is confirmed, naming who deals now and who will, where the dealer changed
silently and the table played on with the wrong one."""

from django.urls import reverse

from scoring import engine, services


def test_the_void_page_names_the_new_dealer(organiser_client, match):
    for key in ("1", "2"):
        services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                             key=key)
    match.refresh_from_db()
    players = match.players
    now = players[match.state["next_dealer"]].name
    first = match.deals.get(number=1)
    html = organiser_client.get(
        reverse("manage:deal_void", args=[match.pk, first.pk])).content.decode()
    after = players[engine.replay(engine.rules_from(overrides=match.rules),
                                  engine.format_from(match.format), match.first_dealer,
                                  [engine.deal_from({"points": [70, 50]})]).next_dealer].name
    assert now != after
    assert f"Who deals changes too: {after} deals next, where {now} deals now." in html


def test_the_correction_page_says_nothing_of_dealers(organiser_client, match):
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="1")
    first = match.deals.get(number=1)
    html = organiser_client.get(
        reverse("manage:deal_correct", args=[match.pk, first.pk])).content.decode()
    assert "Who deals changes" not in html
