"""Eight identical posts of a creating form at the same moment (a phone that re-sends, a
double click on a slow connection): one object, eight redirects to it, no error. On
PostgreSQL, where the unique token column really serialises them."""

import pytest

from tests.clubs.test_double_submits import NAMES, client_for, forms_of, rendered_token
from tests.concurrency import needs_postgres, postgres_only, run_together  # noqa: F401

pytestmark = [*postgres_only, pytest.mark.usefixtures("needs_postgres")]


@pytest.mark.parametrize("name", NAMES)
def test_eight_posts_at_the_same_moment_create_once_and_none_fails(name, club, organiser,
                                                                   settings):
    settings.POST_RATE_LIMITS = {}  # eight of one form, not the limit's count of what it emails
    form = forms_of(club)[name]
    token = rendered_token(client_for(form, organiser), form)
    clients = [client_for(form, organiser) for _ in range(8)]
    before = form.made.objects.count()
    answers = run_together(8, lambda i: clients[i].post(form.action,
                                                        {**form.data, "form_token": token}))
    errors = [a for a in answers if isinstance(a, Exception)]
    assert not errors, errors
    assert [a.status_code for a in answers] == [302] * 8
    assert len({a.url for a in answers}) == 1
    assert form.made.objects.count() == before + 1
