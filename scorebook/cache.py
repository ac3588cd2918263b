"""The shared cache (CACHE_URL=redis://…) as a cache, not a dependency.

Everything kept there is derived (scorebook/derived.py) and found again from the database
when it is missing, so a Redis outage must cost speed, not answers: Django's own Redis
backend raised on every call, and every save, poll and page answered 500 while Redis was
down (make load ARGS='--redis-outage 3'). Here a call that cannot reach Redis is a miss
(reads), is skipped (writes), and is logged; the rate limits let requests through meanwhile.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
T = TypeVar("T")
_last_warning = 0.0


def _warn(error: BaseException) -> None:
    global _last_warning
    now = time.monotonic()
    if now - _last_warning > 10:  # once in ten seconds, not once a request
        _last_warning = now
        logger.warning("Redis unreachable, serving without the shared cache: %s", error)


def _forgiving(call: Callable[[], T], fallback: T) -> T:
    try:
        return call()
    except UNREACHABLE as error:
        _warn(error)
        return fallback


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache; a call Redis cannot answer is a miss or a skipped write."""

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return _forgiving(
            lambda: super(ForgivingRedisCache, self).get(key, default, version), default
        )

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        return _forgiving(lambda: super(ForgivingRedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return _forgiving(lambda: super(ForgivingRedisCache, self).has_key(key, version), False)

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        parent = super()
        return _forgiving(lambda: parent.add(key, value, timeout, version), False)

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        parent = super()
        _forgiving(lambda: parent.set(key, value, timeout, version), None)

    def set_many(self, data: Any, timeout: Any = None, version: int | None = None) -> list[Any]:
        parent = super()
        return _forgiving(lambda: parent.set_many(data, timeout, version), list(data))

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        parent = super()
        return _forgiving(lambda: parent.touch(key, timeout, version), False)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return _forgiving(lambda: super(ForgivingRedisCache, self).delete(key, version), False)

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        _forgiving(lambda: super(ForgivingRedisCache, self).delete_many(keys, version), None)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE as error:  # as a missing key: django-ratelimit then counts one
            _warn(error)
            raise ValueError(f"Key {key!r} not reachable") from error
