"""The front page's "Live now" is live: it polls like the club's page, an unchanged poll is a
304 for one query, and a deal or a new match anywhere shows at the next poll."""

from scoring import engine, services
from tests.conftest import make_match, make_partnership
from tests.tournaments.public_helpers import HTMX


def test_the_page_polls_its_live_list(client, match):
    html = client.get("/").content.decode()
    assert 'id="home-live"' in html and 'hx-get="/"' in html and 'hx-trigger="every 5s"' in html


def test_an_unchanged_poll_is_a_304_for_one_query(client, match, django_assert_max_num_queries):
    etag = client.get("/", headers=HTMX)["ETag"]
    with django_assert_max_num_queries(1):
        assert client.get("/", headers={**HTMX, "If-None-Match": etag}).status_code == 304


def test_a_deal_and_a_new_match_show_at_the_next_poll(client, club, match):
    etag = client.get("/", headers=HTMX)["ETag"]
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [70, 50]}),
                         key="k1")
    answer = client.get("/", headers={**HTMX, "If-None-Match": etag})
    assert answer.status_code == 200
    assert '<span class="side-a">1</span>' in answer.content.decode()
    make_match(club, make_partnership(club, "Eva Santos", "Filipe Reis"),
               make_partnership(club, "Gil Vaz", "Helena Cruz"))
    fresh = client.get("/", headers={**HTMX, "If-None-Match": answer["ETag"]})
    assert "Eva Santos" in fresh.content.decode()
