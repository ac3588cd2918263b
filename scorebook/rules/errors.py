"""The engine's one error type."""

from __future__ import annotations

from collections.abc import Mapping


class RecordError(ValueError):
    """A record that breaks the format or the rules.

    ``deal`` is the 1-based number of the offending deal (``None`` for the record as a whole),
    ``field`` the name of the offending field, ``code`` a short machine-readable reason and
    ``params`` its values (so that an interface can say it in its own language).
    ``str(error)`` is one line naming the deal and the field.
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        field: str | None = None,
        code: str = "invalid",
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.message = message
        self.deal = deal
        self.field = field
        self.code = code
        self.params: Mapping[str, object] = dict(params or {})
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.field is not None:
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message
