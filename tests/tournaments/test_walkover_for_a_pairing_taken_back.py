"""The organiser's walkover form, posted from a tab read before its round was drawn again or
taken back, names a pairing that is gone: the organiser is sent back to the tournament's page
with a message that says so, never a 404, and nothing changes."""

from scoring import services as scoring
from tests.tournaments.helpers import make_tournament, semi_finals_played
from tournaments import services
from tournaments.models import Action, Pairing, Tournament

GONE = "This match is no longer in the draw: its round was drawn again or taken back."


def page(tournament: Tournament) -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/"


def post_walkover(client, tournament: Tournament, pairing: Pairing, present: str = "A"):
    """The walkover form as the organiser's page sent it: it says which round it showed."""
    return client.post(page(tournament) + f"pairings/{pairing.pk}/walkover/",
                       {"present": present, "round": pairing.round.number})


def test_a_pairing_of_a_round_drawn_again_sends_the_organiser_back_with_a_message(
        organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2, auto_advance=False)
    services.tournament_start(tournament=tournament)
    old = (Pairing.objects.filter(round__tournament=tournament).select_related("round")
           .order_by("slot").first())
    services.round_redraw(tournament=tournament)
    assert not Pairing.objects.filter(pk=old.pk).exists()

    response = post_walkover(organiser_client, tournament, old)
    assert response.status_code == 302 and response["Location"] == page(tournament)
    html = organiser_client.get(response["Location"]).content.decode()
    assert GONE in html
    assert not Action.objects.filter(kind=Action.Kind.WALKOVER).exists()
    assert not Pairing.objects.filter(round__tournament=tournament, finished=True).exists()


def test_a_final_taken_back_by_a_void_sends_the_organiser_back_with_a_message(
        organiser_client, club, organiser):
    tournament, semi, final = semi_finals_played(club)
    final = Pairing.objects.select_related("round").get(pk=final.pk)  # as the page read it
    scoring.deal_void(deal=semi.match.deals.get(active=True), reason="never played",
                      user=organiser, allow_reset=True)
    assert not Pairing.objects.filter(pk=final.pk).exists()

    response = post_walkover(organiser_client, tournament, final, "B")
    assert response.status_code == 302 and response["Location"] == page(tournament)
    html = organiser_client.get(response["Location"]).content.decode()
    assert GONE in html
    assert not Action.objects.filter(kind=Action.Kind.WALKOVER).exists()


def test_the_page_s_walkover_form_says_which_round_it_showed(organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    pairing = Pairing.objects.filter(round__tournament=tournament).first()
    html = organiser_client.get(page(tournament)).content.decode()
    form = html[html.index(f"pairings/{pairing.pk}/walkover/"):]
    assert '<input type="hidden" name="round" value="1">' in form[:form.index("</form>")]


def test_a_pairing_that_never_was_of_this_tournament_is_not_found(organiser_client, club):
    tournament = make_tournament(club, 4, tables_count=2)
    services.tournament_start(tournament=tournament)
    response = organiser_client.post(page(tournament) + "pairings/999999/walkover/",
                                     {"present": "A"})
    assert response.status_code == 404
