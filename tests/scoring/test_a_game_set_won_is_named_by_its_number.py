"""A deal that wins a game set names the set and the sets then ("A wins game set 1 (1-0 in game
sets)") on the referee's confirmation and in the saved message, where the confirmation said
"A wins the game set" (in pt-BR "vence esta partida", a word away from "vence a partida", the
match) and the saved message said nothing of it."""

from django.urls import reverse

from scoring import engine, services
from tests.conftest import make_match
from tests.scoring.test_referee_page import hidden_fields

SETS = {"type": "partidas", "to_win": 2, "target": 4}


def test_the_confirmation_and_the_saved_message_name_the_set(client, club, pair_a, pair_b):
    match = make_match(club, pair_a, pair_b, fmt=SETS)
    link = match.referee_links.get()
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": [95, 25]}),
                         key="1", link=link)  # A 2 games of 4
    confirm = client.post(reverse("referee:confirm", args=[link.token]),
                          {"match": match.pk, "points": ["95", ""]})
    assert "A wins game set 1 (1-0 in game sets)" in confirm.content.decode()
    fields = hidden_fields(confirm.content.decode())
    fields.pop("csrfmiddlewaretoken", None)
    saved = client.post(f"/r/{link.token}/deals/", fields, follow=True).content.decode()
    assert "Deal 2: 95-25, A +2 games — A wins game set 1 (1-0 in game sets)." in saved
