"""A management command whose every refusal is one line: ``CommandError: ...``, exit status 1.

The ``ladder`` and ``movement`` commands are called by other programs as well as by people:
whatever argparse refuses (an unknown option, an option without its value) must end as their
own checks do, in one ``CommandError`` line on stderr, not in a usage screen (exit status 2).
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandError, CommandParser


class OneLineCommand(BaseCommand):
    """A command whose argparse refusals are one ``CommandError`` line, exit status 1."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def error(message: str) -> NoReturn:
            """argparse's refusal as one CommandError line, exit status 1 (no usage screen)."""
            if parser.called_from_command_line:
                parser.exit(1, f"CommandError: {message}\n")
            raise CommandError(message)

        parser.error = error  # type: ignore[method-assign]
        return parser
