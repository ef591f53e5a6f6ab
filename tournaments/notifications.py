"""Emails to players: their opponent and table when a round is drawn, their result at the end.

- Who: a player with an email address and `notify` on. A player opts out on the page every
  email links to (a signed token, no login) or the organiser unticks it on the player's page.
- When: the draw services call `round_drawn` and `tables_given`; a finished match (friendly or
  tournament) is the outbox event "match_result". Each records an outbox step (steps.py) that
  a worker runs after the commit, calling the service below.
- Never twice: each email is recorded as a `Notification` row, unique per (player, kind,
  object), created in the same transaction that sends the email. A retried task finds the row
  and sends nothing; if sending fails the row is rolled back and the retry sends it. A player
  told their opponent and their table in one email has both recorded; one whose pairing waited
  for a table gets a second, short email when a table is free.
- Language: there is no per-player language yet. An email is written in the site's default
  language (settings.LANGUAGE_CODE, pt-PT) with the same text in English below it, as the QR
  table cards do; on an English site it is English only.
- A result is told once: a later correction of a finished match sends nothing new.
- A swap of partnerships between two pairings voids what their players were told: everyone
  in the two pairings is told their opponent and table again.
"""

from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from scoring.models import Match
from sueca_club import mail, outbox
from sueca_club.models import Partnership, Player
from tournaments.models import Notification, Pairing, Round
from tournaments.presenters import round_title

UNSUBSCRIBE_SALT = "tournaments.notifications.unsubscribe"
Kind = Notification.Kind


# Hooks: called inside the transaction that drew or placed; the emails go after it commits,
# from a worker (steps.py).

def round_drawn(round_: Round) -> None:
    outbox.follow("tournaments.notify_round", round_id=round_.pk)


def tables_given(pairings: list[Pairing]) -> None:
    outbox.follow_each("tournaments.notify_pairing", [{"pairing_id": p.pk} for p in pairings])


def pairings_changed(pairings: list[Pairing]) -> None:
    """A swap changed who plays whom: what these pairings' players were told is void, so
    everyone in them now is told their opponent and table again."""
    Notification.objects.filter(kind__in=[Kind.PAIRING, Kind.TABLE],
                                object_id__in=[p.pk for p in pairings]).delete()
    tables_given(pairings)


# Links --------------------------------------------------------------------------------------

def unsubscribe_token(player: Player) -> str:
    return signing.dumps(player.pk, salt=UNSUBSCRIBE_SALT, compress=True)


def player_from_token(token: str) -> Player | None:
    try:
        player_id = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return Player.objects.filter(pk=player_id).select_related("club").first()


def absolute(path: str) -> str:
    return settings.SITE_URL + path


@transaction.atomic
def player_unsubscribe(*, player: Player) -> Player:
    player.notify = False
    player.save(update_fields=["notify"])
    return player


# Sending ------------------------------------------------------------------------------------

def reachable(player: Player) -> bool:
    return bool(player.email and player.notify)


@dataclass
class Letter:
    """One email to one player: the kinds of news it carries and how to write it."""

    player: Player
    kinds: list[str]
    template: str
    context: dict


def _languages() -> list[str]:
    default = settings.LANGUAGE_CODE
    return [default] if default.startswith("en") else [default, "en"]


def _message(letter: Letter, subject, connection) -> EmailMessage:
    """The email in the site's language, then in English; `subject` is called in the first."""
    unsubscribe = absolute(reverse("tournaments:unsubscribe",
                                   args=[unsubscribe_token(letter.player)]))
    context = {**letter.context, "player": letter.player, "unsubscribe_url": unsubscribe,
               "kinds": letter.kinds}
    bodies = []
    for language in _languages():
        with translation.override(language):
            bodies.append(render_to_string(letter.template, context).strip())
    with translation.override(_languages()[0]):
        title = subject(letter)
    bodies = list(dict.fromkeys(bodies))  # a text not translated yet is not said twice
    return EmailMessage(
        subject=title, body="\n\n— — —\n\n".join(bodies) + "\n", to=[letter.player.email],
        connection=connection,
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})


def _send_once(letter: Letter, object_id: int, subject, connection) -> bool:
    """Record the letter's kinds for its player and send it, unless already recorded.

    In one transaction: a send that fails takes the rows back with it, so a retry sends again.
    """
    with transaction.atomic():
        new = [kind for kind in letter.kinds
               if Notification.objects.get_or_create(
                   player=letter.player, kind=kind, object_id=object_id,
                   defaults={"email": letter.player.email})[1]]
        if not new:
            return False
        letter.kinds = new
        _message(letter, subject, connection).send()
    return True


def _players(partnership: Partnership) -> list[Player]:
    return partnership.players


def _partners(player: Player, partnership: Partnership) -> str:
    """Who plays with `player`: one name, or three in a partnership of four."""
    return " & ".join(p.name for p in partnership.players if p.pk != player.pk)


def _pairing_subject(letter: Letter) -> str:
    words = {"tournament": letter.context["tournament"].name,
             "opponent": letter.context["opponent"], "table": letter.context["table"]}
    if Kind.PAIRING in letter.kinds and letter.context["table"]:
        return _("%(tournament)s: table %(table)s, against %(opponent)s") % words
    if Kind.PAIRING in letter.kinds:
        return _("%(tournament)s: you play %(opponent)s") % words
    return _("%(tournament)s: your table is table %(table)s") % words


def pairing_notify(*, pairing_id: int, connection=None) -> int:
    """Tell the pairing's players their opponent, and their table once they have one.

    Returns how many emails went out. Nothing for a bye, a walkover or a finished pairing.
    """
    pairing = (Pairing.objects.filter(pk=pairing_id)
               .select_related("round__tournament", "table", "a__partnership__player_1",
                               "a__partnership__player_2", "b__partnership__player_1",
                               "b__partnership__player_2").first())
    if pairing is None or pairing.b_id is None or pairing.finished or pairing.walkover:
        return 0
    tournament, sides = pairing.round.tournament, (pairing.a.partnership, pairing.b.partnership)
    wanted = [Kind.PAIRING, Kind.TABLE] if pairing.table_id else [Kind.PAIRING]
    told = set(Notification.objects.filter(object_id=pairing.pk, kind__in=wanted,
                                           player__in=[p for s in sides for p in _players(s)])
               .values_list("player_id", "kind"))
    connection = connection or mail.connection()
    sent = 0
    for ours, theirs in (sides, sides[::-1]):
        for player in _players(ours):
            kinds = [kind for kind in wanted if (player.pk, kind) not in told]
            if not kinds or not reachable(player):
                continue
            letter = Letter(player, kinds, "tournaments/email/pairing.txt", {
                # named in each language the email is written in
                "tournament": tournament, "round_title": lazy(round_title, str)(pairing.round),
                "partner": _partners(player, ours), "opponent": theirs.display_name,
                "table": pairing.table.number if pairing.table_id else None,
                "url": absolute(tournament.get_absolute_url()),
            })
            sent += _send_once(letter, pairing.pk, _pairing_subject, connection)
    return sent


def round_notify(*, round_id: int) -> int:
    """Tell everyone in a newly drawn round whom they play, and where when a table is free."""
    connection = mail.connection()
    return sum(pairing_notify(pairing_id=pk, connection=connection)
               for pk in Pairing.objects.filter(round_id=round_id).order_by("slot")
               .values_list("pk", flat=True))


def _result_subject(letter: Letter) -> str:
    match = letter.context["match"]
    score = match.scoreline  # the partidas in game sets, as the email's text says it
    return _("Result: %(a)s %(games_a)s–%(games_b)s %(b)s") % {
        "a": match.a.display_name, "b": match.b.display_name, "games_a": score[0],
        "games_b": score[1]}


def result_notify(*, match_id: int) -> int:
    """Tell the players of a finished match its result (once)."""
    match = (Match.objects.filter(pk=match_id, finished=True)
             .select_related("a__player_1", "a__player_2", "b__player_1", "b__player_2").first())
    if match is None:
        return 0
    pairing = Pairing.objects.filter(match=match).select_related("round__tournament").first()
    told = set(Notification.objects.filter(object_id=match.pk, kind=Kind.RESULT)
               .values_list("player_id", flat=True))
    connection = mail.connection()
    sent = 0
    for side, ours in (("A", match.a), ("B", match.b)):
        for player in _players(ours):
            if player.pk in told or not reachable(player):
                continue
            outcome = "draw" if match.winner == "draw" else ("won" if match.winner == side
                                                             else "lost")
            letter = Letter(player, [Kind.RESULT], "tournaments/email/result.txt", {
                "match": match, "outcome": outcome,
                "tournament": pairing.round.tournament if pairing else None,
                "url": absolute(match.get_absolute_url()),
            })
            sent += _send_once(letter, match.pk, _result_subject, connection)
    return sent
