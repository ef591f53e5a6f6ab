"""Shared fixtures: an organiser with a club, partnerships, and a match ready to score."""

import contextlib
import os

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from scoring import engine, services
from sueca_club import live
from sueca_club.models import Club, Membership, Partnership, Player

PASSWORD = "a-long-test-password-42"

# CI replays the same examples every run (a red CI is then a change, not luck); the property
# tests look for new examples wherever they run without CI set.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


def forget_kept_pages() -> None:
    """Nothing kept from an earlier request: the cache's copies and this process's own."""
    cache.clear()
    live._local_copies.clear()


@contextlib.contextmanager
def migrated(app: str, before: str, migration: str):
    """A data migration's test (transactional): the database taken back to `before`, then
    `migration` run on the rows made earlier; yields the models as `migration` leaves them (the
    code's own may have columns it has not). Every migration again afterwards: a transactional
    test's schema is the next test's."""
    MigrationExecutor(connection).migrate([(app, before)])
    executor = MigrationExecutor(connection)
    executor.migrate([(app, migration)])
    try:
        yield executor.loader.project_state((app, migration)).apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def make_partnership(club: Club, first: str, second: str) -> Partnership:
    p1, _ = Player.objects.get_or_create(club=club, name=first)
    p2, _ = Player.objects.get_or_create(club=club, name=second)
    return Partnership.objects.create(club=club, player_1=p1, player_2=p2)


def make_four(club: Club, *names: str) -> Partnership:
    """A partnership of four for the double pack, its players in seat order."""
    players = [Player.objects.get_or_create(club=club, name=name)[0] for name in names]
    return Partnership.objects.create(club=club, **{
        f"player_{seat}": player for seat, player in enumerate(players, start=1)})


def make_club(slug: str, user: User) -> Club:
    club = Club.objects.create(name=slug.title(), slug=slug, town="Porto")
    Membership.objects.create(club=club, user=user)
    return club


def make_match(club, a, b, *, preset="portugal", fmt=None, first_dealer=0, allow_busy=True,
               **options):
    """A friendly match; by default whether its partnerships play elsewhere is not asked."""
    return services.match_create(
        club=club, a=a, b=b, rules=engine.rules_from(preset), fmt=engine.format_from(fmt),
        first_dealer=first_dealer, allow_busy=allow_busy, **options,
    )


@pytest.fixture(autouse=True)
def fast_english_settings(settings):
    """Tests read the English texts (translations have their own tests) and hash passwords fast."""
    settings.LANGUAGE_CODE = "en"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    forget_kept_pages()  # cached fragments and rate-limit counters never leak between tests
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def tasks_in_process():
    """Background tasks run in the test's process even when a broker is configured (the CI
    run on Redis); the worker integration test turns this off for itself."""
    from sueca_club.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def organiser(db) -> User:
    return User.objects.create_user("ana", "ana@example.com", PASSWORD)


@pytest.fixture
def club(organiser) -> Club:
    return make_club("cafe-central", organiser)


@pytest.fixture
def other_organiser(db) -> User:
    return User.objects.create_user("rui", "rui@example.com", PASSWORD)


@pytest.fixture
def other_club(other_organiser) -> Club:
    return make_club("tasca-do-rui", other_organiser)


@pytest.fixture
def pair_a(club) -> Partnership:
    return make_partnership(club, "Ana Silva", "Bruno Costa")


@pytest.fixture
def pair_b(club) -> Partnership:
    return make_partnership(club, "Carla Dias", "Duarte Lima")


@pytest.fixture
def match(club, pair_a, pair_b):
    return make_match(club, pair_a, pair_b)


@pytest.fixture
def referee_link(match):
    return match.referee_links.get()


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client



@pytest.fixture(autouse=True)
def live_pages_rebuilt_on_every_change(settings):
    """A test reads its own write at once; tests/site/test_live_page_rebuilds.py checks the
    once-a-second rebuild itself, and the version each process reads at most once in it."""
    settings.LIVE_REBUILD_SECONDS = 0

NO_PDFTOTEXT = "pdftotext reads a PDF's text back: apt-get install poppler-utils"
