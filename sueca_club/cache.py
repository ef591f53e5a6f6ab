"""The cache speeds pages up and counts failed logins; it is never needed to answer.

When Redis is down or stops answering, these helpers log it and go on without it: a page is
built from the database, a login is not counted. Django's Redis cache would raise instead,
and every live page would be a 500 for as long as the outage lasts (tests/faults).
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
