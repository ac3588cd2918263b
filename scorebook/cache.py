"""The shared cache (CACHE_URL=redis://…) as a cache, not a dependency.

Everything kept there is derived (scorebook/derived.py) and found again from the database
when it is missing, so a Redis outage must cost speed, not answers: Django's own Redis
backend raised on every call, and every save, poll and page answered 500 while Redis was
down (make load ARGS='--redis-outage 3'). Here a call that cannot reach Redis is a miss
(reads), is skipped (writes), and is logged; the rate limits let requests through meanwhile.
"""

from __future__ import annotations

import logging
import threading
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


# Django's Redis serializer stores an int as its digits, so the script can compare it.
RAISE_TO = """
local now = tonumber(redis.call('GET', KEYS[1]))
if now == nil or now < tonumber(ARGV[1]) then
    if tonumber(ARGV[2]) > 0 then
        redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
    else
        redis.call('SET', KEYS[1], ARGV[1])
    end
end
"""
_raising = threading.Lock()


def raise_to(cache: Any, key: str, value: int, timeout: Any = None) -> None:
    """``cache[key] = value`` unless it holds a larger number (a version published late must
    not replace a newer one): atomic in Redis; in a cache of this process, under a lock."""
    if isinstance(cache, RedisCache):
        client = cache._cache.get_client(key, write=True)
        name = cache.make_and_validate_key(key)
        seconds = cache.get_backend_timeout(timeout) or 0
        _forgiving(lambda: client.eval(RAISE_TO, 1, name, value, seconds), None)
        return
    with _raising:
        now = cache.get(key)
        if not isinstance(now, int) or now < value:
            cache.set(key, value, timeout)
