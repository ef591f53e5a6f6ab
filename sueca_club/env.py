"""Strict parsers for configuration read from environment variables."""

import os
import re

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of {sorted(TRUE | FALSE)}, not {raw!r}.")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """A whole number of at least `minimum`; anything else stops the start with the name."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"-?[0-9]+", raw.strip()):  # int() would also take "1_000" or "٣"
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.")
    value = int(raw)
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be {minimum} or more, not {raw!r}.")
    return value


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def cache_from_url(url: str) -> dict:
    """The CACHES entry for CACHE_URL/REDIS_URL: Redis when given, local memory otherwise."""
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, not {url!r}.")
    # A Redis that stops answering costs a request a second, not a hang (sueca_club/cache.py).
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
