"""Settings come from the environment; production refuses to start without its secrets."""

import ast
import os
import subprocess
import sys

import pytest

from sueca_club.env import cache_from_url, env_bool, env_int

SECRET = "x" * 60


DEFAULT_PRINT = ("settings.DATABASES['default']['ENGINE'], settings.CACHES['default']['BACKEND'],"
                 " settings.CELERY_TASK_ALWAYS_EAGER")


def start(print_=DEFAULT_PRINT, **env) -> subprocess.CompletedProcess:
    """Import the settings in a fresh interpreter with exactly these variables set."""
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "CACHE_URL",
                          "REDIS_URL", "CELERY_BROKER_URL", "TRUSTED_PROXIES"}
             and not k.startswith("DATABASE_")}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings;"
         f"print({print_})"],
        env={**clean, "DJANGO_SETTINGS_MODULE": "sueca_club.settings", **env},
        capture_output=True, text=True, check=False,
    )


def test_with_nothing_set_it_runs_on_sqlite_with_a_local_cache_and_eager_tasks():
    run = start()
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["sueca_club.sqlite3",
                                  "django.core.cache.backends.locmem.LocMemCache", "True"]


def test_urls_switch_to_postgresql_redis_and_a_real_broker():
    run = start(DATABASE_URL="postgres://u@127.0.0.1:5432/db", CACHE_URL="redis://127.0.0.1:6379/1",
                CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert run.stdout.split() == ["sueca_club.postgresql",
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


def test_a_bad_whole_number_is_an_error_that_names_its_variable(monkeypatch):
    for bad in ("ten", "1.5", "1_000", "", "٣"):
        monkeypatch.setenv("TRUSTED_PROXIES", bad)
        with pytest.raises(Exception, match=f"TRUSTED_PROXIES must be a whole number, not {bad!r}"):
            env_int("TRUSTED_PROXIES", 0)
    monkeypatch.setenv("TRUSTED_PROXIES", "-1")
    with pytest.raises(Exception, match="TRUSTED_PROXIES must be 0 or more, not '-1'"):
        env_int("TRUSTED_PROXIES", 0)
    monkeypatch.setenv("TRUSTED_PROXIES", " 2 ")
    assert env_int("TRUSTED_PROXIES", 0) == 2
    monkeypatch.delenv("TRUSTED_PROXIES")
    assert env_int("TRUSTED_PROXIES", 0) == 0


@pytest.mark.parametrize("name", ["TRUSTED_PROXIES", "CELERY_TASK_SOFT_TIME_LIMIT",
                                  "DATABASE_STATEMENT_TIMEOUT"])
def test_the_settings_refuse_a_bad_number_and_say_which(name):
    run = start(DATABASE_URL="postgres://u@127.0.0.1:5432/db", **{name: "lots"})
    assert run.returncode != 0
    assert f"{name} must be a whole number, not 'lots'" in run.stderr


def test_production_trusts_no_forwarded_header_unless_told():
    production = {"DEBUG": "false", "SECRET_KEY": SECRET, "ALLOWED_HOSTS": "sueca.example"}
    assert start("settings.TRUSTED_PROXIES", **production).stdout.split() == ["0"]
    assert start("settings.TRUSTED_PROXIES", TRUSTED_PROXIES="1",
                 **production).stdout.split() == ["1"]


def test_postgresql_connections_time_out_instead_of_hanging():
    run = start("settings.DATABASES['default']['OPTIONS']",
                DATABASE_URL="postgres://u@127.0.0.1:5432/db?application_name=x")
    assert run.returncode == 0, run.stderr
    options = ast.literal_eval(run.stdout)  # the dict printed by the child
    assert options == {
        "application_name": "x", "connect_timeout": 5, "keepalives": 1, "keepalives_idle": 30,
        "keepalives_interval": 10, "keepalives_count": 3, "answer_timeout": 7,
        "options": "-c statement_timeout=5000 -c lock_timeout=3000",
        "server_side_binding": True, "prepare_threshold": 5}


def test_prepared_statements_can_be_turned_off_for_a_pooler():
    run = start("settings.DATABASES['default']['OPTIONS']",
                DATABASE_URL="postgres://u@127.0.0.1:5432/db", DATABASE_PREPARED_STATEMENTS="false")
    options = ast.literal_eval(run.stdout)
    assert "server_side_binding" not in options and "prepare_threshold" not in options


def test_the_database_timeouts_come_from_the_environment():
    run = start("settings.DATABASES['default']['OPTIONS']",
                DATABASE_URL="postgres://u@127.0.0.1:5432/db?connect_timeout=9",
                DATABASE_STATEMENT_TIMEOUT="20", DATABASE_LOCK_TIMEOUT="0")
    options = ast.literal_eval(run.stdout)
    assert (options["connect_timeout"], options["answer_timeout"], options["options"]) == (
        9, 22, "-c statement_timeout=20000 -c lock_timeout=0")
