"""A partnership that withdrew reads "X withdrew" wherever a result says why it was not played
(the public round, results and bracket pages, the organiser's page, the API, the results
file), never "walkover (no-show)": a walkover is a no-show for one match, a withdrawal leaves
the tournament (Pairing.withdrawal records which)."""

from html import escape

from tests.tournaments.helpers import make_tournament, play
from tournaments import exports, presenters, selectors, services
from tournaments.models import Entry, Pairing, Tournament

NO_SHOW = "Walkover (no-show)"


def swiss_of_four(club) -> Tournament:
    tournament = make_tournament(club, 4, "rounds", pairing="swiss", rounds_count=3,
                                 tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    return tournament


def first_round(tournament: Tournament) -> list[Pairing]:
    return list(Pairing.objects.filter(round__tournament=tournament, round__number=1)
                .select_related("a__partnership", "b__partnership").order_by("slot"))


def name(entry: Entry) -> str:
    return Entry.objects.select_related("partnership").get(pk=entry.pk).display_name


def page(client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200
    return response.content.decode()


def test_a_withdrawal_reads_as_such_on_the_public_pages(client, club):
    tournament = swiss_of_four(club)
    pairing = first_round(tournament)[0]
    services.entry_withdraw(entry=pairing.b)
    withdrew = escape(f"{name(pairing.b)} withdrew")
    for address in (f"/t/{tournament.slug}/rounds/1/", f"/t/{tournament.slug}/results/"):
        html = page(client, address)
        assert withdrew in html
        assert NO_SHOW not in html


def test_a_withdrawal_reads_as_such_on_the_organisers_page(organiser_client, club):
    tournament = swiss_of_four(club)
    pairing = first_round(tournament)[0]
    services.entry_withdraw(entry=pairing.a)
    html = page(organiser_client, f"/manage/{club.slug}/tournaments/{tournament.slug}/")
    assert escape(f"{name(pairing.a)} withdrew") in html


def test_a_no_show_stays_a_walkover_when_the_partnership_withdraws_later(client, club):
    """Round 1's no-show was a no-show: its withdrawal in round 2 does not rewrite it."""
    tournament = swiss_of_four(club)
    no_show, other = first_round(tournament)
    services.pairing_walkover(pairing=no_show, present="A")
    play(other, "A")
    services.round_draw_next(tournament=tournament)
    services.entry_withdraw(entry=no_show.b)
    html = page(client, f"/t/{tournament.slug}/rounds/1/")
    assert NO_SHOW in html and "withdrew" not in html
    html = page(client, f"/t/{tournament.slug}/rounds/2/")
    assert escape(f"{name(no_show.b)} withdrew") in html


def test_a_knockout_bracket_names_who_withdrew_and_the_api_says_so(client, club):
    """A semi-final winner withdraws before the final is drawn: the final, drawn with it,
    is its opponent's by its withdrawal."""
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    semi, other = first_round(tournament)
    play(semi, "A")
    play(other, "A")
    services.entry_withdraw(entry=semi.a)
    services.round_draw_next(tournament=tournament)
    final = Pairing.objects.get(round__tournament=tournament, round__code="final")
    assert (final.walkover, final.withdrawal) != ("", False)
    html = page(client, f"/t/{tournament.slug}/bracket/")
    assert escape(f"{name(semi.a)} withdrew") in html
    assert NO_SHOW not in html
    matches = [m for r in client.get(f"/api/v1/tournaments/{tournament.slug}").json()["rounds"]
               for m in r["matches"]]
    assert [m["withdrawal"] for m in matches] == [False, False, True]
    assert all(m["walkover"] == m["withdrawal"] for m in matches)


def test_the_results_file_says_withdrawal(club):
    tournament = swiss_of_four(club)
    no_show, leaving = first_round(tournament)
    services.pairing_walkover(pairing=no_show, present="A")
    services.entry_withdraw(entry=leaving.a)
    statuses = [exports.result_row(line, "first_to")["status"] for line in presenters.lines(
        tournament, selectors.pairings(tournament).filter(round__number=1))]
    assert statuses == ["walkover", "withdrawal"]
