"""A correction that would make a later deal impossible names that deal by its number, as the
tally shows it: after a void, the numbers keep their gap, and the refusal named the deal by its
place among the deals left (one lower for each deal voided before it)."""

import pytest

from scoring import engine, services
from scoring.models import Deal

pytestmark = pytest.mark.django_db


def record(match, data: dict, key: str):
    services.deal_record(match_id=match.pk, deal=engine.deal_from(data), key=key)


def test_after_a_void_the_refusal_names_the_later_deal_by_its_number(match, organiser):
    for key, points in enumerate(([70, 50], [50, 70], [95, 25])):
        record(match, {"points": points}, f"k{key}")
    services.deal_void(deal=Deal.objects.get(match=match, number=1), reason="never played",
                       user=organiser)
    flag = engine.deal_from({"points": [120, 0], "flag": "A"})
    with pytest.raises(services.ScoringRefused,
                       match="That would make deal 3 wrong. This match is finished"):
        services.deal_correct(deal=Deal.objects.get(match=match, number=2, active=True),
                              replacement=flag, reason="a flag", user=organiser)
