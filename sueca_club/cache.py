"""The cache speeds pages up and counts requests for the rate limits; it is never needed to
answer.

When Redis is down or stops answering, these helpers log it and go on without it: a page is
built from the database, a request is neither counted nor limited. Django's Redis cache would
raise instead, and every live page would be a 500 for as long as the outage lasts
(tests/faults). Everything in the site that uses the cache goes through here.
"""

import logging

from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
UNAVAILABLE = (RedisError, OSError)


def get(key: str, default=None):
    try:
        return cache.get(key, default)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: reading %s without it", key, exc_info=True)
        return default


def set(key: str, value, timeout=None) -> None:  # noqa: A001 (cache.set's own name)
    try:
        cache.set(key, value, timeout)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: %s is not kept", key, exc_info=True)


def claim(key: str, timeout: int) -> bool:
    """Take `key` for `timeout` seconds unless another process holds it (one atomic command):
    True when this one has it, and while the cache is unavailable (nobody else can be told)."""
    try:
        return cache.add(key, 1, timeout)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: %s is not claimed", key, exc_info=True)
        return True


def get_many(keys: list[str]) -> dict:
    """The keys that are in the cache with their values; none while it is unavailable."""
    try:
        return cache.get_many(keys)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: reading %s without it", keys, exc_info=True)
        return {}


def count(keys: list[str], timeout: int) -> None:
    """Add one to each counter; a counter lives `timeout` seconds from its first count."""
    try:
        for key in keys:
            cache.add(key, 0, timeout=timeout)  # the window starts at the first count
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=timeout)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: %s are not counted", keys, exc_info=True)


def delete_many(keys: list[str]) -> None:
    try:
        cache.delete_many(keys)
    except UNAVAILABLE:
        logger.warning("The cache is unavailable: %s are not forgotten", keys, exc_info=True)
