"""Fewer partnerships came than the tournament was planned for: the start sends the organiser
to its settings, where they play fewer rounds (or fewer groups), and they start. Nothing
changes once it has started, and only the club's organisers change anything."""

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import presenters, services
from tournaments.models import Action, Tournament

TOO_LONG = ("With 6 partnerships a Swiss has at most 5 rounds without a rematch: play fewer "
            "rounds, or allow rematches.")


@pytest.fixture
def swiss(club):
    """A Swiss of 7 rounds that 6 partnerships came to."""
    return make_tournament(club, 6, structure="rounds", pairing="swiss", rounds_count=7)


def address(tournament: Tournament, action: str = "") -> str:
    return f"/manage/{tournament.club.slug}/tournaments/{tournament.slug}/{action}"


def start(client, tournament):
    return client.post(address(tournament, "start/"), follow=True)


def change(client, tournament, **settings):
    return client.post(address(tournament, "edit/structure/"), settings, follow=True)


def test_the_start_of_a_swiss_too_long_for_who_came_shows_its_rounds_and_why(
        organiser_client, swiss):
    response = start(organiser_client, swiss)
    assert response.redirect_chain == [(address(swiss, "edit/"), 302)]
    html = response.content.decode()
    assert TOO_LONG in html
    assert 'name="rounds_count" value="7"' in html and 'name="allow_rematches"' in html
    assert Tournament.objects.get(pk=swiss.pk).status == Tournament.Status.DRAFT


@pytest.mark.parametrize("fix", [{"rounds_count": "5"},
                                      {"rounds_count": "7", "allow_rematches": "on"}])
def test_the_organiser_plays_fewer_rounds_or_allows_rematches_and_starts(
        organiser_client, swiss, fix):
    start(organiser_client, swiss)
    version = Tournament.objects.get(pk=swiss.pk).version
    response = change(organiser_client, swiss, **fix)
    assert response.redirect_chain == [(address(swiss) + "#start", 302)]
    assert "The new settings are saved." in response.content.decode()
    changed = Tournament.objects.get(pk=swiss.pk)
    assert (changed.rounds_count, changed.allow_rematches) == (
        int(fix["rounds_count"]), "allow_rematches" in fix)
    assert changed.version > version
    assert "Round 1 is drawn" in start(organiser_client, swiss).content.decode()
    assert Tournament.objects.get(pk=swiss.pk).status == Tournament.Status.RUNNING


@pytest.mark.parametrize(("rounds", "error"), [
    ("0", "Ensure this value is greater than or equal to 1."),
    ("51", "Ensure this value is less than or equal to 50."),
    ("", "This field is required."),
])
def test_a_number_of_rounds_refused_at_creation_is_refused_here_and_nothing_changes(
        organiser_client, swiss, rounds, error):
    response = change(organiser_client, swiss, rounds_count=rounds)
    assert response.status_code == 200 and error in response.content.decode()
    assert Tournament.objects.get(pk=swiss.pk).rounds_count == 7


def test_groups_too_many_for_who_came_become_fewer_and_it_starts(organiser_client, club):
    tournament = make_tournament(club, 3, structure="groups", groups_count=2,
                                 qualifiers_per_group=1)
    response = start(organiser_client, tournament)
    assert ("Every group needs at least 2 partnerships; the smallest would have 1."
            in response.content.decode())
    assert 'name="groups_count" value="2"' in response.content.decode()
    change(organiser_client, tournament, groups_count="1", qualifiers_per_group="2")
    assert "Round 1 is drawn" in start(organiser_client, tournament).content.decode()


def test_groups_that_cannot_be_played_are_refused_as_at_creation(organiser_client, club):
    tournament = make_tournament(club, 8, structure="groups", groups_count=2,
                                 qualifiers_per_group=1)
    response = change(organiser_client, tournament, groups_count="2", qualifiers_per_group="1",
                      best_of_next="3")
    assert ("At most 1 of the next-placed partnerships can also go through, not 3."
            in response.content.decode())
    assert Tournament.objects.get(pk=tournament.pk).best_of_next == 0


def test_a_swiss_changes_only_its_own_settings(organiser_client, swiss):
    change(organiser_client, swiss, rounds_count="5", groups_count="9", pairing="round_robin")
    changed = Tournament.objects.get(pk=swiss.pk)
    assert (changed.rounds_count, changed.groups_count, changed.pairing) == (5, 2, "swiss")


def test_a_structure_with_nothing_to_fit_offers_only_the_details(organiser_client, club):
    knockout = make_tournament(club, 4)
    assert 'name="rounds_count"' not in organiser_client.get(address(knockout, "edit/")
                                                             ).content.decode()
    assert "Change the name, place or dates" in organiser_client.get(address(knockout)
                                                                     ).content.decode()


def test_the_draft_page_links_to_the_settings(organiser_client, swiss):
    assert f'href="{address(swiss, "edit/")}">Change the settings' in organiser_client.get(
        address(swiss)).content.decode()


def test_nothing_changes_once_it_has_started(organiser_client, swiss):
    change(organiser_client, swiss, rounds_count="5")
    start(organiser_client, swiss)
    assert 'name="rounds_count"' not in organiser_client.get(address(swiss, "edit/")
                                                             ).content.decode()
    response = change(organiser_client, swiss, rounds_count="3")
    assert ("The tournament has started: its rounds and groups can no longer change."
            in response.content.decode())
    assert Tournament.objects.get(pk=swiss.pk).rounds_count == 5
    with pytest.raises(services.TournamentRefused):
        services.tournament_structure_change(tournament=swiss, rounds_count=3)


def test_another_clubs_organiser_gets_a_404_and_changes_nothing(client, other_organiser, swiss):
    client.force_login(other_organiser)
    version = Tournament.objects.get(pk=swiss.pk).version
    assert client.post(address(swiss, "edit/structure/"), {"rounds_count": "5"}
                       ).status_code == 404
    assert client.get(address(swiss, "edit/")).status_code == 404
    assert Tournament.objects.get(pk=swiss.pk).version == version


def test_a_visitor_must_log_in_and_a_get_changes_nothing(client, organiser_client, swiss):
    assert organiser_client.get(address(swiss, "edit/structure/")).status_code == 405
    organiser_client.logout()
    response = client.post(address(swiss, "edit/structure/"), {"rounds_count": "5"})
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert Tournament.objects.get(pk=swiss.pk).rounds_count == 7


def test_the_action_log_says_who_changed_what_from_what(organiser_client, organiser, swiss):
    change(organiser_client, swiss, rounds_count="5")
    change(organiser_client, swiss, rounds_count="5")  # the same again: nothing to log
    [action] = swiss.actions.all()
    assert (action.kind, action.user, presenters.action_what(action)) == (
        Action.Kind.SETTINGS, organiser, "rounds: 7 → 5")


def test_the_draft_page_says_before_the_start_why_it_would_be_refused(organiser_client, swiss):
    html = organiser_client.get(address(swiss)).content.decode()
    assert f'<p class="msg warning">{TOO_LONG} <a href="{address(swiss, "edit/")}">' in html
    change(organiser_client, swiss, rounds_count="5")
    assert TOO_LONG not in organiser_client.get(address(swiss)).content.decode()


def test_the_warning_counts_only_who_checked_in_once_anyone_has(organiser_client, club):
    tournament = make_tournament(club, 8, structure="rounds", pairing="swiss", rounds_count=7)
    assert "a Swiss has at most" not in organiser_client.get(address(tournament)).content.decode()
    for entry in tournament.entries.all()[:6]:
        services.entry_update(entry=entry, checked_in=True)
    assert ("With 6 partnerships a Swiss has at most 5 rounds"
            in organiser_client.get(address(tournament)).content.decode())


def test_settings_saved_that_still_do_not_fit_say_so_and_stay_on_the_settings(
        organiser_client, swiss):
    response = change(organiser_client, swiss, rounds_count="6")
    assert response.redirect_chain == [(address(swiss, "edit/"), 302)]
    html = response.content.decode()
    assert "The new settings are saved." in html and TOO_LONG in html
    assert 'name="rounds_count" value="6"' in html
    assert Tournament.objects.get(pk=swiss.pk).rounds_count == 6
