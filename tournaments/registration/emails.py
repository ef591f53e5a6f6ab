"""The emails of sign-ups, sent after the commit (steps.py).

- A lost private link, sent again to the address a sign-up was made with (asked for, or sent
  by the organiser). The links are the sign-ups' own (a random token each, good until the
  sign-up is gone), so an email sent again changes nothing: a retry, or a step run twice,
  sends the same links.
- A place for a partnership on the waiting list (`signup_moved_up_email_send`): sent once,
  marked on the sign-up in the transaction that sends it (as an invitation's email is), so a
  retry or the step run twice sends nothing more, and a send that fails is tried again. Sent
  once the tournament has started (a stand-in at the start, or a retry), it says where to
  find the table and that only the organiser can withdraw the partnership now.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from sueca_club import mail
from tournaments.registration.models import SignUp


def signup_links_email_send(*, signup_ids: list[int], language: str,
                            by_organiser: bool = False) -> bool:
    """Email the private links of these sign-ups, those still standing, to the address they
    were made with (one address: they were found by it): asked for on the sign-up page, or
    sent by the organiser (`by_organiser`). It says what the links still do: once the
    tournament has started, no check-in nor withdrawal, only the matches."""
    signups = list(SignUp.objects.filter(pk__in=signup_ids, status__in=SignUp.STANDING)
                   .select_related("tournament", "partnership__player_1",
                                   "partnership__player_2").order_by("pk"))
    if not signups:
        return False
    tournament = signups[0].tournament
    links = [(signup.display_name, settings.SITE_URL + signup.get_absolute_url())
             for signup in signups]
    with translation.override(language):
        subject = _("Your private link for %(tournament)s") % {"tournament": tournament.name}
        body = render_to_string("tournaments/registration/links_email.txt",
                                {"tournament": tournament, "links": links,
                                 "by_organiser": by_organiser,
                                 "started": tournament.status != tournament.Status.DRAFT})
    EmailMessage(subject=subject, body=body, to=[signups[0].contact],
                 connection=mail.connection()).send()
    return True


def email_address(contact: str) -> str:
    """The sign-up's contact when it is an email address ("" for a phone number)."""
    try:
        validate_email(contact)
    except ValidationError:
        return ""
    return contact


def _languages(signup: SignUp) -> list[str]:
    """The sign-up page's language; for a sign-up made before it was kept, the site's with
    English below it, as the players' emails are written."""
    if signup.language:
        return [signup.language]
    default = settings.LANGUAGE_CODE
    return [default] if default.startswith("en") else [default, "en"]


def signup_moved_up_email_send(*, signup_id: int) -> bool:
    """Tell a partnership that moved up from the waiting list that it has a place, once: not
    when it has left the tournament since, nor when its contact is not an email address."""
    with transaction.atomic():
        signup = (SignUp.objects.select_for_update(of=("self",))
                  .select_related("tournament", "entry", "partnership__player_1",
                                  "partnership__player_2").filter(pk=signup_id).first())
        if (signup is None or signup.moved_up_at is None or signup.moved_up_emailed_at
                or signup.status != SignUp.Status.ACCEPTED or signup.entry is None):
            return False
        address = email_address(signup.contact)
        if not address:
            return False
        tournament, languages = signup.tournament, _languages(signup)
        context = {"tournament": tournament, "name": signup.display_name,
                   "checked_in": signup.entry.checked_in,
                   # withdrawing is the organiser's once play has begun (the start's moves up)
                   "started": tournament.status != tournament.Status.DRAFT,
                   "url": settings.SITE_URL + signup.get_absolute_url()}
        bodies = []
        for language in languages:
            with translation.override(language):
                bodies.append(render_to_string("tournaments/registration/moved_up_email.txt",
                                               context).strip())
        with translation.override(languages[0]):
            subject = _("%(tournament)s: a place for you") % {"tournament": tournament.name}
        signup.moved_up_emailed_at = timezone.now()
        signup.save(update_fields=["moved_up_emailed_at"])
        EmailMessage(subject=subject, body="\n\n— — —\n\n".join(dict.fromkeys(bodies)) + "\n",
                     to=[address], connection=mail.connection()).send()
    return True
