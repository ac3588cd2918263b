"""The engine's one error type."""

from __future__ import annotations


class RecordError(ValueError):
    """A record that breaks the format or the rules.

    ``deal`` is the 1-based number of the offending deal (``None`` for the record as a whole),
    ``field`` the name of the offending field, ``code`` a short machine-readable reason.
    ``str(error)`` is one line naming the deal and the field.
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        field: str | None = None,
        code: str = "invalid",
    ) -> None:
        self.message = message
        self.deal = deal
        self.field = field
        self.code = code
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.field is not None:
            where.append(f"field '{self.field}'")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message
