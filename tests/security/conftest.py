"""The two-club world and a snapshot of every row, to prove a refused request wrote nothing."""

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client, override_settings

from sueca_club.celery import app
from tests.security.world import World, build_world


@pytest.fixture(scope="module")
def built_world(django_db_setup, django_db_blocker, tmp_path_factory):
    """The world, built once per module inside a transaction that is rolled back at its end.

    Each test's own `db` transaction nests inside it as a savepoint, so every test starts
    from the world exactly as built, whatever the test before it wrote, as setUpTestData
    does for a TestCase. The exports' files live in a folder of the module's own.
    """
    settings_override = override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media"))
    settings_override.enable()
    outer = transaction.atomic()
    outer._from_testcase = True  # the services' durable blocks nest in it, as in a TestCase
    with django_db_blocker.unblock():
        outer.__enter__()
    app.conf.task_always_eager, eager = True, app.conf.task_always_eager  # as in every test
    try:
        with django_db_blocker.unblock():
            world = build_world()
        app.conf.task_always_eager = eager
        yield world
    finally:  # also when building failed: the connection leaves the transaction
        app.conf.task_always_eager = eager
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
        settings_override.disable()


@pytest.fixture
def world(built_world, db) -> World:
    return built_world


def snapshot() -> dict:
    """Every row of every model (sessions aside: logging in writes one), to compare.

    Whole rows rather than counts, so an update (an archive, a rename, a version bump) shows.
    """
    return {model._meta.label: list(model._base_manager.order_by("pk").values_list())
            for model in apps.get_models() if model is not Session}


def changes(before: dict, after: dict) -> list[str]:
    return [label for label in before if before[label] != after[label]]


def client_for(user=None, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def login_url() -> str:
    return resolve_url(settings.LOGIN_URL)


def is_refused_as(response, expected) -> bool:
    """`expected`: "login" or "admin login" (a redirect to that page), or a set of statuses."""
    if expected == "login":
        return response.status_code == 302 and response.url.startswith(login_url() + "?")
    if expected == "admin login":
        return response.status_code == 302 and response.url.startswith("/admin/login/?")
    return response.status_code in expected
