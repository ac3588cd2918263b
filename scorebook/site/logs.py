"""Log lines never carry a table's, a night's or a club's link: whoever reads the logs (an
operator, a log service) could otherwise open and score every table that was logged."""

from __future__ import annotations

import logging
import re

# /t/<edit or read-only link>/, /e/<night link>/, /c/<club link>/: the links are 24 URL-safe
# characters (tables.models.new_token); shorter words in these places are the app's own.
LINK_IN_PATH = re.compile(r"(/[tec]/)[A-Za-z0-9_-]{16,}")


def mask(text: str) -> str:
    return LINK_IN_PATH.sub(r"\1…", text)


class MaskLinks(logging.Filter):
    """Replaces each link in a record's message with '…' (the record's other fields stay)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True
