"""The café TVs (the club's and the tournament's tables) keep a match that ended on its table
for tv.FINAL_SECONDS, its final score shown and its winner highlighted, then drop it: the ETag
changes when it leaves, with nothing else changed. A match placed on the table since wins it."""

import re
from datetime import timedelta

from django.utils import timezone

from scoring import tv
from scoring.models import Match
from tests.conftest import make_match
from tests.scoring.test_club_tv_shows_every_table import tiles, tv_page
from tests.scoring.test_live_pages import record
from tests.tournaments.helpers import in_play, play
from tests.tournaments.public_helpers import knockout_of_13


def ended(match, seconds: int) -> None:
    at = timezone.now() - timedelta(seconds=seconds)
    Match.objects.filter(pk=match.pk).update(finished_at=at, updated_at=at)


def test_a_match_that_ended_30_seconds_ago_shows_its_final_score_and_winner(
        client, club, match, pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    ended(done, 30)
    html = tv_page(client, club)
    assert tiles(html) == [str(match.pk), str(done.pk)]
    tile = html[html.index(f'data-match="{done.pk}"'):]
    assert re.match(r'data-match="\d+">\s*<p class="tv-tile-head">.*?<span class="tv-final">Final score',
                    tile)
    assert '<p class="tv-side side-a winner">' in tile and "Winner: </span>" in tile
    assert '<p class="tv-side side-b loser">' in tile
    assert "1 table in play" in html  # the finished one is shown, not counted


def test_a_match_that_ended_3_minutes_ago_has_left_the_tv(client, club, match, pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    ended(done, 180)
    assert tiles(tv_page(client, club)) == [str(match.pk)]
    assert 180 > tv.FINAL_SECONDS > 30


def test_the_tv_sees_a_final_score_leave_with_nothing_else_changed(client, club, match,
                                                                   pair_a, pair_b):
    done = make_match(club, pair_b, pair_a)
    record(done, {"points": [120, 0], "flag": "A"})
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    ended(done, tv.FINAL_SECONDS - 2)  # the newest change, and the finish, 2 s before it goes
    first = client.get(f"/c/{club.slug}/tv/")
    etag = first["ETag"]
    assert str(done.pk) in tiles(first.content.decode())
    ended(done, tv.FINAL_SECONDS + 1)  # the same rows, read later
    again = client.get(f"/c/{club.slug}/tv/", headers={"If-None-Match": etag})
    assert again.status_code == 200 and tiles(again.content.decode()) == [str(match.pk)]


def tournament_tiles(client, tournament) -> list[str]:
    html = client.get(f"/t/{tournament.slug}/tv/?page=1").content.decode()
    return tiles(html)


def test_the_tournament_tv_shows_a_final_score_for_a_while(client, club):
    tournament = knockout_of_13(club)
    first = in_play(tournament)[0]
    play(first, "B")
    ended(first.match, 30)
    html = client.get(f"/t/{tournament.slug}/tv/?page=1").content.decode()
    tile = html[html.index(f'data-match="{first.match_id}"'):]
    assert '<span class="tv-final">Final score' in tile and '<p class="tv-side side-b winner">' in tile
    ended(first.match, 180)
    assert str(first.match_id) not in tournament_tiles(client, tournament)


def test_the_next_match_placed_on_the_table_wins_it(client, club):
    tournament = knockout_of_13(club, tables_count=1)  # one table: each match follows the last
    first = in_play(tournament)[0]
    play(first, "A")
    following = in_play(tournament)[0]
    assert following.match_id != first.match_id and following.table_id == first.table_id
    assert tournament_tiles(client, tournament) == [str(following.match_id)]
    assert tiles(tv_page(client, club)) == [str(following.match_id)]


def test_the_tournament_tv_sees_a_final_score_leave_at_most_a_step_late(club):
    """Its ETag is one seek whatever the event's size: while a match of the club ended within
    the window it changes every FINAL_STEP seconds (the score leaves at most that late), and
    once none has, it stays put (a poll is a 304)."""
    from tournaments import tv as tournament_tv

    tournament = knockout_of_13(club)
    first = in_play(tournament)[0]
    play(first, "B")
    ended(first.match, 30)
    now, step = timezone.now(), timedelta(seconds=tv.FINAL_STEP)
    assert tournament_tv.tv_etag(tournament.slug, now) != tournament_tv.tv_etag(
        tournament.slug, now + step)
    later = now + timedelta(seconds=tv.FINAL_SECONDS)  # it has left the TV
    assert tournament_tv.tv_etag(tournament.slug, later) == tournament_tv.tv_etag(
        tournament.slug, later + step)


def test_a_table_shows_only_the_last_of_two_matches_that_ended_there(client, club):
    """One table, two semi-finals one after the other, both over within the window and the
    final not drawn yet: the table is one tile, the later semi-final's."""
    from tests.tournaments.helpers import make_tournament
    from tournaments import services

    tournament = make_tournament(club, 4, tables_count=1, auto_advance=False)
    services.tournament_start(tournament=tournament)
    first = in_play(tournament)[0]
    play(first, "A")
    ended(first.match, 60)
    second = in_play(tournament)[0]
    play(second, "A")
    assert not in_play(tournament)
    assert tournament_tiles(client, tournament) == [str(second.match_id)]
    assert tiles(tv_page(client, club)) == [str(second.match_id)]
