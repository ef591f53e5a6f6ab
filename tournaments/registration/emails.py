"""The email of a lost private link: sent again to the address a sign-up was made with.

The links are the sign-ups' own (a random token each, good until the sign-up is gone), so an
email sent again changes nothing: a retry, or a step run twice, sends the same links.
"""

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.registration.models import SignUp


def signup_links_email_send(*, signup_ids: list[int], language: str) -> bool:
    """Email the private links of these sign-ups, those still standing, to the address they
    were made with (one address: they were found by it)."""
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
                                {"tournament": tournament, "links": links})
    EmailMessage(subject=subject, body=body, to=[signups[0].contact]).send()
    return True
