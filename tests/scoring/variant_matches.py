"""Matches of the games with other totals: the double pack (partnerships of four) and the
Brazilian last-trick bonus."""

from scoring import engine, services
from tests.conftest import make_four

FOURS = (("Ana", "Bia", "Cris", "Dora"), ("Edu", "Fábio", "Gil", "Hugo"))


def double_pack_match(club, *, rotation="counterclockwise", first_dealer=0, fmt=None):
    a, b = (make_four(club, *names) for names in FOURS)
    return services.match_create(
        club=club, a=a, b=b, rules=engine.rules_from("double_pack", {"rotation": rotation}),
        fmt=engine.format_from(fmt), first_dealer=first_dealer)


def last_trick_match(club, a, b):
    return services.match_create(club=club, a=a, b=b, rules=engine.rules_from("brasil_last_trick"),
                                 fmt=engine.format_from(None), first_dealer=0)
