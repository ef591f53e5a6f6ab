"""A tournament match's scoreboard names its tournament and round and leads back to it, where
it named only the club and a spectator who tapped "scoreboard" had only the browser's back
button. A friendly's names its club alone. Still three queries."""

from tests.tournaments.helpers import in_play
from tests.tournaments.public_helpers import swiss


def test_the_scoreboard_names_its_tournament_and_round(client, club,
                                                       django_assert_max_num_queries):
    tournament = swiss(club, size=4, rounds=2)
    match = in_play(tournament)[0].match
    with django_assert_max_num_queries(3):
        html = client.get(f"/m/{match.pk}/").content.decode()
    assert f'<a href="/t/{tournament.slug}/">{tournament.name}</a> · Round 1' in html


def test_a_friendlys_scoreboard_names_its_club_alone(client, match):
    html = client.get(f"/m/{match.pk}/").content.decode()
    assert f'href="/c/{match.club.slug}/"' in html and 'href="/t/' not in html
