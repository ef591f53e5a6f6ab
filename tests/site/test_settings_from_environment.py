"""Settings come from the environment; production refuses to start without its secrets."""

import os
import subprocess
import sys

import pytest

from sueca_club.env import cache_from_url, env_bool

SECRET = "x" * 60


def start(**env) -> subprocess.CompletedProcess:
    """Import the settings in a fresh interpreter with exactly these variables set."""
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "CACHE_URL",
                          "REDIS_URL", "CELERY_BROKER_URL"}}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings;"
         "print(settings.DATABASES['default']['ENGINE'], settings.CACHES['default']['BACKEND'],"
         " settings.CELERY_TASK_ALWAYS_EAGER)"],
        env={**clean, "DJANGO_SETTINGS_MODULE": "sueca_club.settings", **env},
        capture_output=True, text=True, check=False,
    )


def test_with_nothing_set_it_runs_on_sqlite_with_a_local_cache_and_eager_tasks():
    run = start()
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["django.db.backends.sqlite3",
                                  "django.core.cache.backends.locmem.LocMemCache", "True"]


def test_urls_switch_to_postgresql_redis_and_a_real_broker():
    run = start(DATABASE_URL="postgres://u@127.0.0.1:5432/db", CACHE_URL="redis://127.0.0.1:6379/1",
                CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert run.stdout.split() == ["django.db.backends.postgresql",
                                  "django.core.cache.backends.redis.RedisCache", "False"]


@pytest.mark.parametrize(("env", "missing"), [
    ({}, "SECRET_KEY and ALLOWED_HOSTS"),
    ({"SECRET_KEY": SECRET}, "ALLOWED_HOSTS"),
    ({"ALLOWED_HOSTS": "sueca.example"}, "SECRET_KEY"),
])
def test_production_refuses_to_start_and_says_what_is_missing(env, missing):
    run = start(DEBUG="false", **env)
    assert run.returncode != 0
    assert f"DEBUG is off, so {missing} must be set" in run.stderr


def test_production_starts_with_its_secrets():
    run = start(DEBUG="false", SECRET_KEY=SECRET, ALLOWED_HOSTS="sueca.example")
    assert run.returncode == 0, run.stderr


def test_a_bad_boolean_is_an_error_not_a_guess(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(Exception, match="DEBUG must be one of"):
        env_bool("DEBUG", True)


def test_a_cache_url_that_is_not_redis_is_refused():
    with pytest.raises(Exception, match="redis://"):
        cache_from_url("memcached://127.0.0.1")
