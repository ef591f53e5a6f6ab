"""Creating forms are idempotent: a double-clicked or re-sent form creates its object once.

How it works:

- Every form that creates something (a club, a tournament, a player, a partnership, a pasted
  list, an account, an invitation) carries ``{% form_token %}`` (sueca_club/templatetags/
  form_tokens.py): a hidden, random, one-time token made each time the form is rendered.
- Its view is decorated with ``@create_once``. The first post of a token runs the view in one
  transaction; when the view answers with a redirect (it created something), the token is
  recorded with that redirect's address (``FormSubmission``: a unique token column) in the
  same transaction, with a digest of what was posted and the name it gave (``named``: "Back
  Um"). A later post of the same entries with the same token does not run the view: it is
  redirected to the first answer's address, and told the form was already saved.
- The same token with other entries (the browser's back button, then another player typed
  over the first) is no double submit: the view runs, marked, and its form, checked with
  ``valid(request, form)``, refuses it saying what the token made ("That form was already
  used for “Back Um”"). The page shows the form again with what was typed and a fresh
  token: one tap saves it. A view that saved all the same could not record the token (it is
  taken): its work is rolled back and the answer is the 409 page below. A row from before
  the digest was kept takes any post for a double submit.
- Posts with the same token at the same moment are serialised by the unique column (and by
  the unique columns of what they create): the losers' transactions are rolled back whole,
  then they find the first post's row and get its redirect. A loser whose form was refused
  because the winner had just created the same thing ("already a player called ...") gets
  the winner's redirect too. Nothing is created twice.
- A unique clash inside the view (the address or name of a club, a tournament, a player,
  taken a moment before by another post) rolls the attempt back and runs the view once
  more: the form's own checks then see the row that won and say so in the domain's words
  (or the slug helpers pick a free address). Only if the second run clashes too is the
  answer a 409 page asking to send the form again. Never a 500.

The token is optional, with a fallback: a post without one (a script, a page from before
this change, the fuzz tests and the URL walker of tests/fuzz and tests/security) is served
as before, each post on its own, and still gets the clash handling above. A token that is
not one this module could have made (wrong length or characters) counts as none. Real
browsers always send one, since it is in every rendered form: the protection is for people
who click twice, not against scripts, which may post as often as they like anyway.

A token belongs to whoever posted it: a logged-in user's token is only ever looked up for
that user; a token posted without a login (the sign-up form) is looked up for anyone, and
leads only to the page the new account was sent to. Tokens are 24 random bytes: they are
not guessable, and a row is worthless once its form has been used.

A decorated view must not call a service that opens a durable transaction
(``atomic(durable=True)``, ``@outbox.service``), since it now runs inside one (the steps its
services record are relayed once it commits); and it must create nothing when
it answers anything but a redirect (a form shown again with its errors), which is how the
views of this project already behave.
"""

import re
import secrets
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _

from sueca_club import outbox
from sueca_club.digests import digest
from sueca_club.models import FormSubmission

FIELD = "form_token"
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
REDIRECTS = (301, 302, 303)
NOT_ASKED = ("csrfmiddlewaretoken", FIELD)  # neither says what the form asks for
# The fields that name what a form creates, tried in turn (a sign-up's names joined).
NAMING = (("name",), ("name_1", "name_2", "name_3", "name_4"), ("username",), ("email",),
          ("contact",), ("text",))
USED = "form_token_used"  # the request's mark: its token was used for other entries


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 32 characters


def posted_token(request) -> str | None:
    token = request.POST.get(FIELD, "") if request.method == "POST" else ""
    return token if TOKEN.fullmatch(token) else None


@dataclass(frozen=True)
class Posted:
    """What a post sent, digested (no password kept, even digested), and what it names."""

    asked: str
    named: str

    @classmethod
    def of(cls, request) -> "Posted":
        fields = {name: [value.strip() for value in request.POST.getlist(name)]
                  for name in request.POST if name not in NOT_ASKED and "password" not in name}
        return cls(digest(fields), cls._name(request.POST))

    @staticmethod
    def _name(post) -> str:
        for names in NAMING:
            if found := [text for name in names if (text := post.get(name, "").strip())]:
                return " & ".join(found).splitlines()[0][:200]
        return ""


def first_post(token: str, poster) -> FormSubmission | None:
    """The first post of `token`, if `poster` (a user, or None) may be told where it led: its
    own tokens, and a sign-up's (posted before there was a user, it leads to no one's page)."""
    mine = Q(user=None) if poster is None else Q(user=None) | Q(user=poster)
    return FormSubmission.objects.filter(mine, token=token).first()


def _sent_again(first: FormSubmission | None, posted: Posted) -> bool:
    return first is not None and first.asked in ("", posted.asked)


def valid(request, form) -> bool:
    """`form.is_valid()`, in a view under ``create_once``: refused, saying so, when the form's
    token was used for other entries; the page shows the form again with a fresh token."""
    first = getattr(request, USED, None)
    if first is None:
        return form.is_valid()
    if first.named:
        used = _("That form was already used for “%(name)s”, which was saved. What you typed "
                 "now was not saved: check it and send it again to save it too.") % {
                     "name": first.named}
    else:  # a partnership of two chosen players, unnamed
        used = _("That form was already used with other entries, which were saved. What you "
                 "typed now was not saved: check it and send it again to save it too.")
    form.add_error(None, used)
    return False


class _TokenTaken(Exception):
    """The token was recorded by another post meanwhile: this attempt is rolled back."""


def _record(token: str, poster, url: str, posted: Posted) -> None:
    try:
        with transaction.atomic():
            FormSubmission.objects.create(token=token, user=poster, url=url, asked=posted.asked,
                                          named=posted.named)
    except IntegrityError as clash:
        raise _TokenTaken from clash


def _drop_messages_since(request, count: int) -> None:
    """Forget the messages a rolled-back attempt queued (it said it saved; it did not)."""
    queued = getattr(getattr(request, "_messages", None), "_queued_messages", None)
    if queued is not None:
        del queued[count:]


def _queued(request) -> int:
    return len(getattr(getattr(request, "_messages", None), "_queued_messages", []))


def _already_sent(request, url: str) -> HttpResponseRedirect:
    messages.info(request, _("That form was already sent: it was saved once."))
    return HttpResponseRedirect(url)


def create_once(view):
    """Decorate a view whose POST creates something: see the module's docstring."""

    @wraps(view)
    def once(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        token = posted_token(request)
        poster = request.user if request.user.is_authenticated else None
        posted = Posted.of(request)
        for _attempt in range(2):
            first = first_post(token, poster) if token else None
            if _sent_again(first, posted):
                return _already_sent(request, first.url)
            setattr(request, USED, first)
            before = _queued(request)
            try:  # then what the view's services recorded to follow, once committed
                with outbox.writing(durable=False):
                    response = view(request, *args, **kwargs)
                    if token and response.status_code in REDIRECTS:
                        _record(token, poster, response["Location"], posted)
            except (_TokenTaken, IntegrityError):
                _drop_messages_since(request, before)
                continue
            if first is None and token and response.status_code not in REDIRECTS and (
                    _sent_again(again := first_post(token, poster), posted)):
                # Refused because the same post, a moment earlier, created what it asks for
                # ("this club already has a player called ..."): that post's answer is ours.
                _drop_messages_since(request, before)
                return _already_sent(request, again.url)
            return response
        return render(request, "sueca_club/form_clash.html", status=409)

    return once
